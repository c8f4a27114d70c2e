/**
 * Survey results at scale (issue 17, "Surveys"): a version 2 survey with every element type in the scale
 * project P, answered by all 5,000 addresses (building units 'Blok 1'..'Blok 100' of 50 homes), over the
 * last 60 days, 1 in 25 with a photo. The calls read the summary (every question's counts, the response
 * rates per unit), a filtered summary (one unit and a date range), the responses page, the open answers and
 * the photo gallery, as the console's results page does.
 */
const FORM = [{
  id: 'bench', label: 'Na de renovatie', elements: [
    { id: 'intro', type: 's_title', data: { label: 'Uw mening over de renovatie' } },
    { id: 'naam', type: 's_textinput', data: { label: 'Uw naam' } },
    { id: 'opmerking', type: 's_textareainput', data: { label: 'Opmerkingen' } },
    { id: 'vervoer', type: 's_select', data: { label: 'Hoe komt u thuis?', type: 'dropdown', options: [{ label: 'Fiets' }, { label: 'Auto' }, { label: 'Openbaar vervoer' }] } },
    { id: 'tevreden', type: 's_select', data: { label: 'Bent u tevreden?', type: 'radio', options: [{ label: 'Ja' }, { label: 'Nee' }] } },
    { id: 'ruimtes', type: 's_select', data: { label: 'Welke ruimtes?', type: 'check', options: [{ label: 'Keuken' }, { label: 'Badkamer' }, { label: 'Zolder' }, { label: 'Tuin' }] } },
    { id: 'smiley', type: 's_smileyinput', data: { label: 'Hoe was het contact?', icon: 'smiley', value_1: 'Slecht', value_2: 'Matig', value_3: 'Goed' } },
    { id: 'sterren', type: 's_smileyinput', data: { label: 'Uw cijfer in sterren', icon: 'star' } },
    { id: 'foto', type: 's_photoinput', data: { label: 'Een foto' } },
  ],
}];

export async function seed(run, { P }) {
  const one = async (sql, params) => (await run(sql, params)).rows[0];
  await run(`UPDATE address_projects ap SET building_unit = 'Blok ' || ((b.n - 1) / 50 + 1)
    FROM bench_addresses b WHERE ap.address_id = b.id AND ap.project_id = $1 AND ap.building_unit IS NULL`, [P]);
  const { id: survey } = await one(`INSERT INTO surveys (project_id, name, version, is_public, form, position)
    VALUES ($1, 'Schaalproef: na de renovatie', 2, true, $2::jsonb, 100) RETURNING id`, [P, JSON.stringify(FORM)]);
  const photos = 200;
  // Photos: file rows (no bytes: the gallery reads rows and links only) for every 25th address.
  await run(`WITH made AS (
      INSERT INTO files (key, filename, mime, size, image_width, image_height, owner)
      SELECT 'survey/bench/' || n || '.jpg', 'foto-' || n || '.jpg', 'image/jpeg', 1000, 800, 600, 'survey'
      FROM bench_addresses WHERE n % 25 = 0 RETURNING id, key)
    INSERT INTO survey_photos (survey_id, element_id, address_id, file_id, image_width, image_height)
    SELECT $1, 'foto', b.id, m.id, 800, 600 FROM made m JOIN bench_addresses b ON m.key = 'survey/bench/' || b.n || '.jpg'`, [survey]);
  await run(`INSERT INTO survey_responses (survey_id, project_id, address_id, occupant_id, version, answers, submitted_at)
    SELECT $1, $2, b.id, NULL, 2, jsonb_strip_nulls(jsonb_build_object('version', 2, 'values', jsonb_build_object(
        'naam', 'Bewoner ' || b.n,
        'opmerking', CASE WHEN b.n % 3 = 0 THEN 'Opmerking van woning ' || b.n END,
        'vervoer', (ARRAY['Fiets', 'Auto', 'Openbaar vervoer'])[b.n % 3 + 1],
        'tevreden', CASE WHEN b.n % 4 = 0 THEN 'Nee' ELSE 'Ja' END,
        'ruimtes', (ARRAY['["Keuken"]', '["Keuken","Badkamer"]', '["Zolder","Tuin"]', '[]'])[b.n % 4 + 1]::jsonb,
        'smiley', b.n % 3 + 1,
        'sterren', b.n % 5 + 1,
        'foto', p.id))),
      now() - ((b.n % 60) || ' days')::interval - ((b.n % 24) || ' hours')::interval
    FROM bench_addresses b LEFT JOIN survey_photos p ON p.survey_id = $1 AND p.address_id = b.id`, [survey, P]);
  const { count } = await one(`SELECT count(*)::int AS count FROM survey_photos WHERE survey_id = $1`, [survey]);
  if (count !== photos) throw new Error(`results bench: ${count} photos, expected ${photos}`);
  return { resultsProject: P, resultsSurvey: survey };
}

export function calls(ids, c) {
  const { resultsProject: P, resultsSurvey } = ids;
  const base = `/api/staff/projects/${P}/surveys/${resultsSurvey}/results`;
  const day = (ago) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  return [
    c('/api/staff/projects/{id}/surveys/{5,000 responses}/results', base),
    c('/api/staff/projects/{id}/surveys/{id}/results?building_unit=Blok 37&from&to', `${base}?building_unit=${encodeURIComponent('Blok 37')}&from=${day(30)}&to=${day(0)}`),
    c('/api/staff/projects/{id}/surveys/{id}/results/responses', `${base}/responses`),
    c('/api/staff/projects/{id}/surveys/{id}/results/responses?from&to', `${base}/responses?from=${day(20)}&to=${day(10)}`),
    c('/api/staff/projects/{id}/surveys/{id}/results/answers?question=opmerking', `${base}/answers?question=opmerking`),
    c('/api/staff/projects/{id}/surveys/{id}/results/photos', `${base}/photos`),
  ];
}
