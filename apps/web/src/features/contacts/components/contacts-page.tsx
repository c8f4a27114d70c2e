import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { TContact } from '@portal/contract';
import type { Audience } from '../../../lib/audience';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { contactQueries } from '../api';
import { contactTexts } from '../texts';

export function fullName(contact: Pick<TContact, 'first_name' | 'affix' | 'last_name'>): string {
  return [contact.first_name, contact.affix, contact.last_name].map((part) => part?.trim()).filter(Boolean).join(' ');
}

/** tel: links want digits and a leading +, nothing else. */
const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;

/** Contact persons: a card each with avatar, logo, name, e-mail, phone numbers, function, description and a chat link. */
export function ContactsPage({ audience }: { audience: Audience }) {
  const contacts = useQuery(contactQueries.list(audience));
  if (contacts.isPending) return <Loading />;
  if (contacts.isError) return <ErrorState error={contacts.error} retry={() => void contacts.refetch()} />;
  if (!contacts.data.length) return <EmptyState>{contactTexts.empty}</EmptyState>;
  // Residents chat at /berichten/, visitors at /public/berichten/{project}; staff have no chat here.
  const chatPath = audience.kind === 'occupant' ? '/berichten/' : audience.kind === 'public' ? `/public/berichten/${audience.projectId}` : null;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {contacts.data.map((contact) => {
        const name = fullName(contact);
        return (
          <li key={contact.id} className="flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="contact-card">
            <div className="flex items-start gap-4">
              {contact.avatar_url
                ? <img src={contact.avatar_url} alt="" className="size-16 shrink-0 rounded-full object-cover sm:size-20" />
                : <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-slate-200 sm:size-20 text-2xl font-bold text-slate-700" aria-hidden="true">{initials(contact)}</span>}
              <div className="min-w-0 flex-1">
                <h2 className="text-lg font-semibold break-words">{name}</h2>
                {contact.function && <p className="text-sm text-slate-700">{contact.function}</p>}
                {contact.organisation && <p className="text-sm text-slate-700">{contact.organisation}</p>}
              </div>
              {/* The organisation is written out next to the logo; without it the logo says whose it is. */}
              {contact.logo_url && (
                <img src={contact.logo_url} alt={contact.organisation ? '' : contactTexts.logoOf(name)} className="h-8 max-w-20 shrink-0 object-contain" />
              )}
            </div>
            <dl className="flex flex-col gap-1 text-sm">
              {contact.email && <Row label={contactTexts.email}><a href={`mailto:${contact.email}`} className="break-all text-blue-800 underline">{contact.email}</a></Row>}
              {contact.mobile_number && <Row label={contactTexts.mobile}><a href={telHref(contact.mobile_number)} className="text-blue-800 underline">{contact.mobile_number}</a></Row>}
              {contact.phone_number && <Row label={contactTexts.phone}><a href={telHref(contact.phone_number)} className="text-blue-800 underline">{contact.phone_number}</a></Row>}
            </dl>
            {contact.description && <p className="whitespace-pre-line text-sm text-slate-800">{contact.description}</p>}
            {contact.can_chat && chatPath && (
              <Link to={chatPath} aria-label={contactTexts.chatWith(name)}
                className="mt-auto inline-flex min-h-11 items-center gap-2 self-start rounded-md bg-brand px-4 py-2 text-sm font-semibold text-on-brand hover:brightness-110">
                <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="M4 5h16v11H9l-5 4z" /></svg>
                {contactTexts.chat}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="w-20 shrink-0 text-slate-600">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function initials(contact: TContact): string {
  return `${contact.first_name.slice(0, 1)}${contact.last_name.slice(0, 1)}`.toUpperCase();
}
