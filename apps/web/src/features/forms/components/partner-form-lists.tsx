import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'wouter';
import { LoadMoreButton } from '../../../ui/load-more';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import type { TIntakeAddressProgress, TPartnerFormKind } from '@portal/contract';
import { intakeQueries } from '../api';
import { partnerFormPages } from '../paths';
import { formTexts } from '../texts';

type KindProps = { kind: TPartnerFormKind; projectId: number };

/** How an address stands with the form: intake by its status, choice by its state (summary-locked, signed, paid...) and what is still unpaid. */
const addressStatus = (kind: TPartnerFormKind, address: TIntakeAddressProgress) =>
  kind === 'intake'
    ? (formTexts.intakeStatus[address.status] ?? address.status)
    : [formTexts.choiceState[address.state], address.total_not_paid ? formTexts.notPaidYet(address.total_not_paid) : null].filter(Boolean).join(' · ');

/** A partner's forms of a kind (intake or choice) of a project, each leading to its addresses. */
export function PartnerForms({ kind, projectId }: KindProps) {
  const forms = useQuery(intakeQueries.partnerForms(kind, projectId));
  const pages = partnerFormPages(kind);
  if (forms.isPending) return <Loading />;
  if (forms.isError) return <ErrorState error={forms.error} retry={() => void forms.refetch()} />;
  if (!forms.data.length) return <EmptyState>{kind === 'intake' ? formTexts.intakeFormsEmpty : formTexts.choiceFormsEmpty}</EmptyState>;
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
      {forms.data.map((form) => (
        <li key={form.id}>
          <Link to={pages.addresses(projectId, form.id)} className="flex h-full flex-col gap-1 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand">
            <span className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{form.name}</span>
            <span className="text-sm text-slate-700">{formTexts.intakeFormMeta(form.nr_sent, form.nr_of_addresses)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The addresses to fill a form of the kind in for: a search box, each address with its progress and state. */
export function PartnerFormAddresses({ kind, projectId, formId }: KindProps & { formId: number }) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const addresses = useInfiniteQuery(intakeQueries.partnerAddresses(kind, projectId, formId, q));
  const pages = partnerFormPages(kind);
  const searchId = useId();
  const list = addresses.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 sm:max-w-md">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">{formTexts.addressSearch}</label>
        <input
          id={searchId}
          type="search"
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.target.value)}
          className="min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base shadow-sm"
        />
      </div>
      {addresses.isPending ? (
        <Loading />
      ) : addresses.isError && !list.length ? (
        <ErrorState error={addresses.error} retry={() => void addresses.refetch()} />
      ) : !list.length ? (
        <EmptyState>{formTexts.addressesEmpty}</EmptyState>
      ) : (
        <>
          <ul aria-label={formTexts.addresses} className="flex flex-col divide-y divide-slate-200 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            {list.map((address) => {
              const percent = address.nr_of_sections ? Math.round((address.nr_of_sections_done / address.nr_of_sections) * 100) : 0;
              return (
                <li key={address.id}>
                  <Link
                    to={pages.address(projectId, formId, address.id)}
                    className="flex flex-col gap-2 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between sm:gap-6"
                  >
                    <span className="flex min-w-0 flex-col">
                      <span className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{address.full_address}</span>
                      <span className="text-sm text-slate-700">{addressStatus(kind, address)}</span>
                    </span>
                    <span className="flex shrink-0 flex-col gap-1 sm:w-56">
                      <span className="text-sm text-slate-700">{formTexts.addressProgress(address.nr_of_sections_done, address.nr_of_sections)}</span>
                      <span className="h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                        <span className="block h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {addresses.hasNextPage && (
            <LoadMoreButton label={formTexts.moreAddresses} busy={addresses.isFetchingNextPage} failed={addresses.isFetchNextPageError} onLoad={() => void addresses.fetchNextPage()} />
          )}
        </>
      )}
    </div>
  );
}
