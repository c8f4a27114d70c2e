import { CONTACT_GENDER_LABELS, formatPostcode, formElementKind, type TFormElement, type TFormFamily, type TFormSection } from '@portal/contract';
import { entryTexts as texts } from '../texts';

type Contact = NonNullable<TFormElement['cp']>;

function contactLines(cp: Contact): string[] {
  const name = [cp.initials || cp.first_name, cp.affix, cp.last_name].filter(Boolean).join(' ');
  return [
    name ? `${name}${cp.gender && cp.gender !== 'u' ? ` (${CONTACT_GENDER_LABELS[cp.gender]})` : ''}` : null,
    cp.description, cp.email_address ? `${cp.email_address}${cp.prefer_email ? ' (voorkeur)' : ''}` : null, cp.telephone, cp.mobile,
    cp.different_address ? [cp.street, [cp.house_number, cp.house_number_suffix].filter(Boolean).join(''), cp.zipcode ? formatPostcode(cp.zipcode) : null, cp.city].filter(Boolean).join(' ') : null,
  ].filter((line): line is string => Boolean(line));
}

const Empty = () => <p className="text-slate-600">{texts.detail.empty}</p>;

/** What the entry holds for one element, as the resident filled it in. */
function Answer({ family, element }: { family: TFormFamily; element: TFormElement }) {
  const kind = formElementKind(family, element.type);
  const label = element.data.label ?? '';
  if ((kind === 'select' || kind === 'choice') && element.data.type === 'check') {
    const ticked = (element.data.options ?? []).filter((_, i) => element.checked?.[i]);
    return ticked.length ? <ul className="list-disc pl-5">{ticked.map((o) => <li key={o.label}>{o.label}</li>)}</ul> : <Empty />;
  }
  switch (kind) {
    case 'photoinput':
      return element.photo ? <img src={element.photo.url} alt={texts.detail.photoAlt(label)} className="max-h-72 w-auto max-w-full rounded ring-1 ring-slate-200" /> : <Empty />;
    case 'signatureinput':
      return typeof element.value === 'string' && element.value ? <img src={element.value} alt={label} className="max-h-32 bg-white ring-1 ring-slate-200" /> : <Empty />;
    case 'contactinput':
      if (element.cp_id === 'none') return <p>Geen contactpersoon</p>;
      return element.cp ? <ul>{contactLines(element.cp).map((l) => <li key={l}>{l}</li>)}</ul> : <Empty />;
    case 'agreeinput':
      return element.value === 'agree' ? <p>{element.data.agree ?? 'Akkoord'}</p> : element.value === 'disagree' ? <p>{element.data.disagree ?? 'Niet akkoord'}</p> : <Empty />;
    case 'drawinginput': {
      const pins = element.pinpoints ?? [];
      return (
        <div className="flex flex-col gap-2">
          {element.data.drawing && (
            <div className="relative inline-block max-w-full self-start">
              <img src={element.data.drawing} alt={texts.detail.drawingAlt(label)} className="block max-h-96 w-auto max-w-full ring-1 ring-slate-200" />
              {pins.map((pin) => (
                <span key={pin.id} aria-hidden="true" style={{ left: `${pin.x * 100}%`, top: `${pin.y * 100}%` }}
                  className="absolute flex h-6 w-6 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-orange-700 text-xs font-bold text-white">
                  {pin.nr}
                </span>
              ))}
            </div>
          )}
          {pins.length ? (
            <ol className="flex flex-col gap-1">
              {pins.map((pin) => <li key={pin.id}><strong>{pin.nr}. {pin.label}</strong>{[pin.value, pin.comment].filter((x) => x.trim()).map((x) => ` – ${x}`).join('')}</li>)}
            </ol>
          ) : <p className="text-slate-600">{texts.detail.noPins}</p>}
        </div>
      );
    }
    default:
      return element.value === null || element.value === undefined || element.value === '' ? <Empty /> : <p className="whitespace-pre-wrap break-words">{String(element.value)}</p>;
  }
}

/** The entry's sections with their questions and answers (read against the version it answered). */
export function EntryAnswers({ family, sections }: { family: TFormFamily; sections: TFormSection[] }) {
  return (
    <div className="flex flex-col gap-4">
      {sections.map((section, i) => (
        <section key={section.id} aria-labelledby={`section-${section.id}`} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h3 id={`section-${section.id}`} className="mb-3 text-base font-semibold">
            {section.label || `Onderdeel ${i + 1}`}
            <span className="ml-2 text-sm font-normal text-slate-700">({section.nr_of_required_fields_filled_in} van {section.nr_of_required_fields} verplichte vragen)</span>
          </h3>
          <div className="flex flex-col gap-3">
            {section.elements.map((element) => {
              const kind = formElementKind(family, element.type);
              if (!kind || kind === 'addressinput') return null;
              if (kind === 'title') return element.data.label ? <h4 key={element.id} className="font-semibold">{element.data.label}</h4> : null;
              return (
                <div key={element.id} className="flex flex-col gap-1">
                  <p className="text-sm font-medium text-slate-700">{element.data.label || element.id}</p>
                  <Answer family={family} element={element} />
                </div>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
