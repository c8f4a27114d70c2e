import type { TInboxConversation, TInboxContext } from '@portal/contract';
import { formatConsoleDate, formatConsoleDateTime } from '../../../lib/console-format';
import { inboxTexts } from '../texts';

const texts = inboxTexts.context;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-1">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** Beside the conversation: the address's household, open forms, appointments and consent (a visitor: the e-mail address). */
export function ContextPanel({ conversation, context }: { conversation: TInboxConversation; context: TInboxContext | null }) {
  return (
    <aside aria-labelledby="context-heading" className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="context-heading" className="text-lg font-semibold">{texts.heading}</h2>
      {conversation.address && <p className="break-words">{conversation.address}</p>}
      {conversation.building_unit && <p className="text-sm text-slate-700">{texts.unit(conversation.building_unit)}</p>}
      {!context ? (
        <>
          <p>{texts.visitor}</p>
          {conversation.email && <p className="break-words">{texts.email(conversation.email)}</p>}
        </>
      ) : (
        <>
          <Section title={texts.household}>
            {context.occupants.length ? <ul className="list-disc pl-5">{context.occupants.map((o) => <li key={o.id}>{o.name}</li>)}</ul> : <p>{texts.noOccupants}</p>}
          </Section>
          <Section title={texts.openForms}>
            {context.open_forms.length ? (
              <ul className="list-disc pl-5">
                {context.open_forms.map((f) => <li key={f.entry_id}>{f.name} <span className="text-sm text-slate-700">({texts.formStatus(f.status)}, {formatConsoleDate(f.updated_at)})</span></li>)}
              </ul>
            ) : <p>{texts.noOpenForms}</p>}
          </Section>
          <Section title={texts.appointments}>
            {context.appointments.length ? (
              <ul className="list-disc pl-5">
                {context.appointments.map((a) => (
                  <li key={a.id}>{a.subject}{a.starts_at ? `, ${formatConsoleDateTime(a.starts_at)}` : ''} <span className="text-sm text-slate-700">({texts.appointmentStatus[a.status] ?? a.status})</span></li>
                ))}
              </ul>
            ) : <p>{texts.noAppointments}</p>}
          </Section>
          <Section title={texts.consent}>
            {context.consent.length ? (
              <ul className="list-disc pl-5">
                {context.consent.map((c) => (
                  <li key={c.form_id}>
                    {c.name}: <strong>{c.agreement === 'agree' ? texts.agree : c.agreement === 'disagree' ? texts.disagree : texts.noAnswer}</strong>
                    {c.signed && `, ${texts.signed}`}{c.on_paper && `, ${texts.onPaper}`}
                  </li>
                ))}
              </ul>
            ) : <p>{texts.noConsent}</p>}
          </Section>
        </>
      )}
    </aside>
  );
}
