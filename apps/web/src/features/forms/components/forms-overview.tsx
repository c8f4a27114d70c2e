import { useQuery } from '@tanstack/react-query';
import { Link, Redirect } from 'wouter';
import { FORM_MODULES, type TFormListItem, type TFormListState } from '@portal/contract';
import { Banner } from '../../../ui/banner';
import { BackLink, ButtonLink } from '../../../ui/button';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { ApiError } from '../../../lib/api';
import { storage } from '../../../lib/storage';
import { formQueries, type FormsAudience, type GenericForm } from '../api';
import { PayButton } from '../choice/pay-button';
import { formPages, itemHref } from '../paths';
import { formTexts } from '../texts';

const kindLabel = (item: TFormListItem): string | null => {
  if (item.type === 'menu' || item.module === 'menu') return formTexts.kindMenu;
  if (item.module === FORM_MODULES.intake) return formTexts.kindIntake;
  if (item.module === FORM_MODULES.supportBase) return formTexts.kindSupportBase;
  if (item.module === FORM_MODULES.choice) return formTexts.kindChoice;
  return null;
};

/** Where nothing is left to do the deadline no longer matters. */
const FINISHED: ReadonlySet<TFormListState> = new Set(['sent', 'completed']);
/** Something waits for the resident: amber; done: green; not started: grey. Dark text on a light tint keeps the contrast. */
const STATE_TONE: Record<TFormListState, string> = {
  not_started: 'bg-slate-100 text-slate-800',
  filling: 'bg-amber-100 text-amber-900',
  signing: 'bg-amber-100 text-amber-900',
  paying: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-900',
  completed: 'bg-green-100 text-green-900',
};

/**
 * Menus and forms as a list of links (spec 2.2): a menu opens its items, a form its own page. A choice
 * form whose extra costs wait for payment says so, with 'Naar betaling' straight to the checkout
 * (residents; staff acting for the address see the amount only, spec 6).
 */
export function FormItemList({ audience, items, empty }: { audience: FormsAudience; items: TFormListItem[]; empty: string }) {
  const shown = items.flatMap((item) => {
    const href = itemHref(audience, item);
    return href ? [{ item, href }] : [];
  });
  if (!shown.length) return <EmptyState>{empty}</EmptyState>;
  const canPay = audience.kind === 'occupant' && !storage.isAdmin();
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
      {shown.map(({ item, href }) => {
        const kind = kindLabel(item);
        const isMenu = item.type === 'menu' || item.module === 'menu';
        return (
          <li key={`${item.type}-${item.id}`} className="flex flex-col rounded-lg bg-white shadow-sm ring-1 ring-slate-200 hover:ring-brand">
            <Link to={href} className="flex min-h-16 flex-1 items-center gap-3 rounded-lg p-4">
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-brand">
                <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                  {isMenu
                    ? <path d="M3 7h7l2 2h9v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z" strokeLinejoin="round" />
                    : <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9zM14 3v6h6M8 13h8M8 17h5" strokeLinejoin="round" />}
                </svg>
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{item.name}</span>
                {kind && <span className="text-sm text-slate-700">{kind}</span>}
                {item.state && (
                  <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                    <span className={`rounded-full px-2 py-0.5 font-semibold ${STATE_TONE[item.state]}`}>
                      <span className="sr-only">{`${formTexts.listState}: `}</span>{formTexts.listStates[item.state]}
                    </span>
                    {item.deadline && !FINISHED.has(item.state) && (
                      <span className="text-slate-700">{formTexts.deadlineBefore} <span className="whitespace-nowrap">{item.deadline}</span></span>
                    )}
                  </span>
                )}
              </span>
              <svg viewBox="0 0 24 24" className="size-5 shrink-0 text-slate-500" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2"><path d="M9 6l6 6-6 6" /></svg>
            </Link>
            {item.total_not_paid !== null && (
              <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-3">
                <span className="text-sm font-semibold text-slate-900">{formTexts.paymentWaiting(item.total_not_paid)}</span>
                {canPay && <PayButton formId={item.form_id} className="" />}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The forms overview: the project's menus and forms of every kind. */
export function FormsOverview({ audience }: { audience: FormsAudience }) {
  const list = useQuery(formQueries.list(audience));
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} retry={() => void list.refetch()} />;
  return <FormItemList audience={audience} items={list.data} empty={formTexts.empty} />;
}

/** A menu's forms and sub-menus, with its name as heading. */
export function FormMenu({ audience, menuId }: { audience: FormsAudience; menuId: number }) {
  const menu = useQuery(formQueries.menu(audience, menuId));
  const pages = formPages(audience);
  if (menu.isPending) return <Loading />;
  if (menu.isError) {
    return menu.error instanceof ApiError && menu.error.status === 404
      ? <Banner tone="warning">{formTexts.notFound}</Banner>
      : <ErrorState error={menu.error} retry={() => void menu.refetch()} />;
  }
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-bold text-slate-900">{menu.data.name}</h2>
      <FormItemList audience={audience} items={menu.data.items} empty={formTexts.menuEmpty} />
      <BackLink className="self-start" to={menu.data.parent_id !== null ? pages.menu(menu.data.parent_id) : pages.list}>
        {menu.data.parent_id !== null ? formTexts.backToMenu : formTexts.backToForms}
      </BackLink>
    </div>
  );
}

/** The entries of a form that may be filled in more than once, and 'Nieuw formulier invullen'. */
export function FormEntries({ form }: { form: GenericForm }) {
  const entries = useQuery(formQueries.entries(form));
  const pages = formPages(form.audience);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-xl font-bold text-slate-900">{formTexts.entries}</h2>
        <ButtonLink to={pages.entry(form.formId, 'nieuw')}>{formTexts.newEntry}</ButtonLink>
      </div>
      {entries.isPending ? (
        <Loading />
      ) : entries.isError ? (
        entries.error instanceof ApiError && entries.error.status === 404
          ? <Banner tone="warning">{formTexts.notFound}</Banner>
          : <ErrorState error={entries.error} retry={() => void entries.refetch()} />
      ) : !entries.data.length ? (
        <EmptyState>{formTexts.entriesEmpty}</EmptyState>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          {entries.data.map((entry) => (
            <li key={entry.id}>
              <Link to={pages.entry(form.formId, entry.id)} className="flex flex-col gap-0.5 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <span className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{entry.label}</span>
                <span className="shrink-0 text-sm text-slate-700">{`${formTexts.statusLabels[entry.status] ?? entry.status} · ${entry.updated_at}`}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The resident's intake forms (the Opname tile): one opens straight away, several are listed, none says so.
 * Intake forms in menus count too (the overview's root shows only forms in no menu).
 */
export function IntakeForms() {
  const audience: FormsAudience = { kind: 'occupant' };
  const list = useQuery(formQueries.list(audience));
  const menus = useQuery(formQueries.menus(audience));
  if (list.isPending || menus.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} retry={() => void list.refetch()} />;
  if (menus.isError) return <ErrorState error={menus.error} retry={() => void menus.refetch()} />;
  const seen = new Set<number>();
  const intakes = [...list.data, ...menus.data.flatMap((m) => m.items)].filter((item) => {
    if (item.type !== 'form' || item.module !== FORM_MODULES.intake || seen.has(item.form_id)) return false;
    seen.add(item.form_id);
    return true;
  });
  const only = intakes.length === 1 ? intakes[0] : undefined;
  if (only) return <Redirect to={itemHref(audience, only) ?? '/formulieren'} replace />;
  return (
    <div className="flex flex-col gap-4">
      <FormItemList audience={audience} items={intakes} empty={formTexts.intakeEmpty} />
      <BackLink className="self-start" to={formPages(audience).list}>{formTexts.backToForms}</BackLink>
    </div>
  );
}
