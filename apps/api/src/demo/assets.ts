/**
 * Demo files made in code, so that the demo needs nothing from the internet: SVG illustrations, logos
 * and avatars, PNG photos (a tiny encoder on node:zlib); PDF letters are in pdf.ts.
 */
import { crc32, deflateSync } from 'node:zlib';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/* ------------------------------------------------------------------------------------------------
 * SVG illustrations (800 x 450) for news, information, complaints and planning.
 * ---------------------------------------------------------------------------------------------- */

export type Scene =
  | 'steigers' | 'zonnepanelen' | 'kozijnen' | 'bewonersavond' | 'keuken' | 'isolatie' | 'parkeren'
  | 'proefwoning' | 'badkamer' | 'tuin' | 'dak' | 'melding';

function houses(options: { roofColour?: string; windows?: string; count?: number } = {}): string {
  const count = options.count ?? 4;
  const width = 150;
  const start = 400 - (count * width) / 2;
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = start + i * width;
    const brick = ['#b5563c', '#a94c34', '#bd5f44', '#a3462f'][i % 4];
    out += `<rect x="${x}" y="190" width="${width}" height="190" fill="${brick}" stroke="#6d2a1b" stroke-width="2"/>`;
    out += `<polygon points="${x - 6},192 ${x + width / 2},95 ${x + width + 6},192" fill="${options.roofColour ?? '#4b4f58'}" stroke="#2f3238" stroke-width="2"/>`;
    out += `<rect x="${x + 20}" y="220" width="45" height="55" fill="${options.windows ?? '#cfe8f7'}" stroke="#fff" stroke-width="5"/>`;
    out += `<rect x="${x + 85}" y="220" width="45" height="55" fill="${options.windows ?? '#cfe8f7'}" stroke="#fff" stroke-width="5"/>`;
    out += `<rect x="${x + 20}" y="300" width="45" height="50" fill="${options.windows ?? '#cfe8f7'}" stroke="#fff" stroke-width="5"/>`;
    out += `<rect x="${x + 90}" y="295" width="36" height="85" fill="#2e5e4e" stroke="#fff" stroke-width="4"/>`;
  }
  return out;
}

const sky = (top: string, bottom: string) =>
  `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
  '<rect width="800" height="450" fill="url(#sky)"/><circle cx="690" cy="80" r="38" fill="#ffd75e"/>' +
  '<rect y="380" width="800" height="70" fill="#7cae5a"/><rect y="395" width="800" height="30" fill="#9aa0a6"/>';

const interior = (wall: string) => `<rect width="800" height="450" fill="${wall}"/><rect y="360" width="800" height="90" fill="#c8a27a"/>`;

function sceneBody(scene: Scene): string {
  switch (scene) {
    case 'steigers': {
      let grid = '';
      for (let x = 100; x <= 700; x += 75) grid += `<line x1="${x}" y1="150" x2="${x}" y2="392" stroke="#d9a21b" stroke-width="6"/>`;
      for (let y = 170; y <= 380; y += 60) grid += `<line x1="90" y1="${y}" x2="710" y2="${y}" stroke="#d9a21b" stroke-width="6"/><rect x="90" y="${y - 4}" width="620" height="8" fill="#8d6e3f"/>`;
      return sky('#8ec9ee', '#e6f4fb') + houses() + grid;
    }
    case 'zonnepanelen': {
      let panels = '';
      for (let i = 0; i < 4; i++) {
        const x = 100 + i * 150;
        panels += `<polygon points="${x + 30},165 ${x + 75},125 ${x + 120},165" fill="#1f3b73" stroke="#b9c7e4" stroke-width="3"/>`;
        panels += `<line x1="${x + 52}" y1="146" x2="${x + 98}" y2="146" stroke="#b9c7e4" stroke-width="2"/>`;
      }
      return sky('#5fb3ec', '#d7efff') + houses() + panels;
    }
    case 'kozijnen':
      return sky('#9fd3f3', '#eef8fd') + houses({ windows: '#e8f6ff' }) +
        '<rect x="320" y="210" width="90" height="75" fill="none" stroke="#f2b705" stroke-width="8" stroke-dasharray="14 8"/>';
    case 'dak':
      return sky('#79bde9', '#e3f3fc') + houses({ roofColour: '#7b3f2a' }) +
        '<rect x="230" y="120" width="70" height="14" fill="#d9a21b" transform="rotate(-32 265 127)"/>';
    case 'proefwoning':
      return sky('#8ec9ee', '#e6f4fb') + houses({ count: 3 }) +
        '<rect x="330" y="60" width="140" height="40" rx="6" fill="#2e7d32"/><text x="400" y="87" font-family="Arial, sans-serif" font-size="20" fill="#fff" text-anchor="middle">Proefwoning</text>';
    case 'parkeren': {
      let cars = '';
      ['#c0392b', '#2980b9', '#7f8c8d', '#f1c40f', '#16a085'].forEach((colour, i) => {
        const x = 60 + i * 150;
        cars += `<rect x="${x}" y="385" width="110" height="30" rx="10" fill="${colour}"/><rect x="${x + 22}" y="368" width="62" height="24" rx="8" fill="${colour}"/>`;
        cars += `<circle cx="${x + 25}" cy="417" r="10" fill="#222"/><circle cx="${x + 85}" cy="417" r="10" fill="#222"/>`;
      });
      return sky('#a7d8f5', '#f0f9fe') + houses() + cars;
    }
    case 'bewonersavond': {
      let people = '';
      for (let i = 0; i < 9; i++) {
        const x = 120 + (i % 5) * 140 + (i >= 5 ? 70 : 0);
        const y = i >= 5 ? 380 : 320;
        const colour = ['#e67e22', '#3498db', '#9b59b6', '#1abc9c', '#e74c3c'][i % 5];
        people += `<circle cx="${x}" cy="${y - 45}" r="20" fill="#f1c9a5"/><rect x="${x - 28}" y="${y - 22}" width="56" height="60" rx="22" fill="${colour}"/>`;
      }
      return interior('#f4efe6') + '<rect x="250" y="40" width="300" height="170" fill="#fff" stroke="#555" stroke-width="6"/>' +
        '<polyline points="280,180 340,140 400,160 460,95 520,110" fill="none" stroke="#2e7d32" stroke-width="8"/>' + people;
    }
    case 'keuken':
      return interior('#eef2f3') +
        '<rect x="80" y="230" width="640" height="130" fill="#fdfdfd" stroke="#9aa5ab" stroke-width="3"/>' +
        '<rect x="80" y="215" width="640" height="18" fill="#5d4037"/>' +
        [0, 1, 2, 3, 4].map((i) => `<rect x="${100 + i * 125}" y="250" width="105" height="95" fill="#dfe6e9" stroke="#9aa5ab"/><rect x="${140 + i * 125}" y="262" width="25" height="5" fill="#636e72"/>`).join('') +
        '<rect x="100" y="60" width="240" height="110" fill="#fdfdfd" stroke="#9aa5ab" stroke-width="3"/><rect x="460" y="60" width="240" height="110" fill="#fdfdfd" stroke="#9aa5ab" stroke-width="3"/>' +
        '<rect x="370" y="150" width="60" height="60" fill="#b2bec3"/><path d="M400 150v-30h30" stroke="#636e72" stroke-width="8" fill="none"/>';
    case 'badkamer': {
      let tiles = '';
      for (let x = 0; x < 800; x += 50) for (let y = 0; y < 360; y += 50) tiles += `<rect x="${x + 1}" y="${y + 1}" width="48" height="48" fill="${(x + y) % 100 === 0 ? '#dff3f7' : '#eefafc'}"/>`;
      return `<rect width="800" height="450" fill="#c7dde3"/>${tiles}<rect y="360" width="800" height="90" fill="#9fb7bf"/>` +
        '<rect x="90" y="260" width="330" height="110" rx="40" fill="#fff" stroke="#9aa5ab" stroke-width="4"/>' +
        '<rect x="560" y="200" width="90" height="30" rx="8" fill="#fff" stroke="#9aa5ab" stroke-width="4"/><rect x="585" y="230" width="40" height="130" fill="#fff" stroke="#9aa5ab" stroke-width="4"/>' +
        '<path d="M160 260V120h50" stroke="#7f8c8d" stroke-width="8" fill="none"/><circle cx="215" cy="125" r="14" fill="#7f8c8d"/>';
    }
    case 'isolatie': {
      let wool = '';
      for (let y = 70; y < 380; y += 38) wool += `<path d="M330 ${y} q35 19 0 38 q35 19 0 0" fill="none" stroke="#e0b341" stroke-width="6"/><path d="M330 ${y} c60 0 80 38 140 38" fill="none" stroke="#e0b341" stroke-width="6"/>`;
      return interior('#f6f2ea') + '<rect x="180" y="50" width="150" height="330" fill="#b5563c"/>' +
        '<rect x="330" y="50" width="140" height="330" fill="#f7d774"/>' + wool + '<rect x="470" y="50" width="150" height="330" fill="#b5563c"/>' +
        '<path d="M100 210h60M640 210h60" stroke="#c0392b" stroke-width="8"/>';
    }
    case 'tuin':
      return sky('#9fd3f3', '#eef8fd') + '<rect y="300" width="800" height="150" fill="#6fa84f"/>' +
        [120, 300, 520, 680].map((x, i) => `<rect x="${x - 8}" y="${220 + (i % 2) * 20}" width="16" height="90" fill="#6d4c41"/><circle cx="${x}" cy="${200 + (i % 2) * 20}" r="${50 - (i % 2) * 10}" fill="#3f8f3a"/>`).join('') +
        '<rect x="0" y="380" width="800" height="10" fill="#8d6e63"/>';
    case 'melding':
      return '<rect width="800" height="450" fill="#f3f6f9"/><rect x="250" y="60" width="300" height="330" rx="24" fill="#fff" stroke="#b0bec5" stroke-width="4"/>' +
        '<rect x="290" y="110" width="220" height="16" rx="8" fill="#cfd8dc"/><rect x="290" y="150" width="180" height="16" rx="8" fill="#cfd8dc"/>' +
        '<rect x="290" y="190" width="200" height="16" rx="8" fill="#cfd8dc"/><circle cx="400" cy="300" r="48" fill="#e67e22"/>' +
        '<rect x="394" y="268" width="12" height="40" rx="6" fill="#fff"/><circle cx="400" cy="325" r="7" fill="#fff"/>';
  }
}

export function illustration(scene: Scene, title: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450" role="img"><title>${esc(title)}</title>${sceneBody(scene)}</svg>\n`,
  );
}

/** A partner or company logo, at most 200 x 150 px (spec: partner logo maximum). */
export function logo(name: string, colour: string, mark: 'house' | 'sun' | 'drop' | 'brush' | 'bolt' | 'leaf'): Buffer {
  const marks: Record<typeof mark, string> = {
    house: '<path d="M14 44 L40 20 L66 44 V70 H14 Z" fill="#fff"/><rect x="33" y="50" width="14" height="20" fill="COLOUR"/>',
    sun: '<circle cx="40" cy="45" r="14" fill="#fff"/><path d="M40 16v8M40 66v8M11 45h8M61 45h8M20 25l6 6M54 59l6 6M20 65l6-6M54 31l6-6" stroke="#fff" stroke-width="5"/>',
    drop: '<path d="M40 16 C52 34 60 44 60 54 a20 20 0 0 1 -40 0 C20 44 28 34 40 16z" fill="#fff"/>',
    brush: '<rect x="22" y="18" width="36" height="18" rx="4" fill="#fff"/><rect x="36" y="36" width="8" height="36" fill="#fff"/>',
    bolt: '<path d="M44 14 L22 48 H38 L34 76 L58 40 H42 Z" fill="#fff"/>',
    leaf: '<path d="M20 66 C20 30 44 18 64 16 C62 40 52 64 20 66z" fill="#fff"/>',
  };
  // Break the name into lines of at most 12 characters (about 105 px at these sizes).
  const lines: string[] = [];
  for (const word of name.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= 12) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const size = lines.length > 2 ? 13 : 15;
  const top = 45 - ((lines.length - 1) * (size + 3)) / 2 + size / 3;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="90" viewBox="0 0 200 90" role="img"><title>${esc(name)}</title>` +
    `<rect width="200" height="90" rx="10" fill="#fff"/><rect x="0" y="0" width="80" height="90" rx="10" fill="${colour}"/>${marks[mark].replace(/COLOUR/g, colour)}` +
    lines.map((line, i) => `<text x="90" y="${(top + i * (size + 3)).toFixed(1)}" font-family="Arial, sans-serif" font-size="${size}" font-weight="700" fill="${colour}"${line.length > 12 ? ' textLength="104" lengthAdjust="spacingAndGlyphs"' : ''}>${esc(line)}</text>`).join('') +
    '</svg>\n',
  );
}

/** A round avatar with initials. */
export function avatar(initials: string, colour: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img"><title>${esc(initials)}</title>` +
    `<circle cx="80" cy="80" r="80" fill="${colour}"/><circle cx="80" cy="62" r="28" fill="#ffffff" opacity="0.25"/>` +
    `<path d="M28 136 a52 40 0 0 1 104 0" fill="#ffffff" opacity="0.25"/>` +
    `<text x="80" y="94" font-family="Arial, sans-serif" font-size="52" font-weight="700" fill="#fff" text-anchor="middle">${esc(initials)}</text></svg>\n`,
  );
}

/** A floor plan drawing for a dossier. */
export function floorPlan(title: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="560" viewBox="0 0 800 560" role="img"><title>${esc(title)}</title>` +
    '<rect width="800" height="560" fill="#fdfdf8"/><g fill="none" stroke="#1f2937" stroke-width="8">' +
    '<rect x="60" y="60" width="680" height="420"/><path d="M360 60v160M360 300v180M60 260h300M480 60v180M480 240h260"/></g>' +
    '<g font-family="Arial, sans-serif" font-size="22" fill="#374151"><text x="150" y="170">Woonkamer</text><text x="140" y="380">Keuken</text>' +
    '<text x="520" y="160">Badkamer</text><text x="540" y="380">Slaapkamer</text><text x="380" y="160">Hal</text></g>' +
    `<text x="60" y="530" font-family="Arial, sans-serif" font-size="20" fill="#6b7280">${esc(title)} - schaal 1:50</text></svg>\n`,
  );
}

/* ------------------------------------------------------------------------------------------------
 * PNG: a small raster "photo" drawn with rectangles, encoded with node:zlib.
 * ---------------------------------------------------------------------------------------------- */

type Rgb = [number, number, number];

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

export function encodePng(width: number, height: number, pixels: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    Buffer.from(pixels.buffer, pixels.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A "photo" of a meter cupboard or a facade: rectangles with a little noise, 480 x 360. */
export function photo(kind: 'meterkast' | 'gevel' | 'keuken'): Buffer {
  const width = 480;
  const height = 360;
  const pixels = new Uint8Array(width * height * 3);
  const rect = (x0: number, y0: number, w: number, h: number, [r, g, b]: Rgb) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y0 + h); y++) {
      for (let x = Math.max(0, x0); x < Math.min(width, x0 + w); x++) {
        const at = (y * width + x) * 3;
        const noise = ((x * 7 + y * 13) % 9) - 4;
        pixels[at] = Math.max(0, Math.min(255, r + noise));
        pixels[at + 1] = Math.max(0, Math.min(255, g + noise));
        pixels[at + 2] = Math.max(0, Math.min(255, b + noise));
      }
    }
  };
  if (kind === 'meterkast') {
    rect(0, 0, width, height, [226, 222, 212]);
    rect(60, 30, 360, 300, [245, 245, 240]);
    rect(90, 60, 130, 90, [40, 40, 44]);
    rect(105, 80, 100, 30, [120, 200, 120]);
    rect(260, 60, 130, 170, [210, 210, 205]);
    for (let i = 0; i < 6; i++) rect(275 + (i % 3) * 38, 80 + Math.floor(i / 3) * 70, 26, 50, [60, 60, 66]);
    rect(90, 190, 130, 110, [200, 60, 50]);
    rect(110, 215, 90, 15, [250, 250, 250]);
  } else if (kind === 'gevel') {
    rect(0, 0, width, 120, [150, 200, 235]);
    rect(0, 120, width, 240, [175, 85, 60]);
    for (let x = 40; x < width; x += 150) {
      rect(x, 160, 90, 70, [250, 250, 250]);
      rect(x + 6, 166, 78, 58, [190, 225, 245]);
      rect(x + 20, 260, 50, 100, [46, 94, 78]);
    }
  } else {
    rect(0, 0, width, height, [236, 240, 241]);
    rect(0, 250, width, 110, [190, 150, 110]);
    rect(40, 160, 400, 100, [250, 250, 250]);
    rect(40, 150, 400, 12, [93, 64, 55]);
    rect(60, 40, 150, 80, [250, 250, 250]);
    rect(270, 40, 150, 80, [250, 250, 250]);
  }
  return encodePng(width, height, pixels);
}
