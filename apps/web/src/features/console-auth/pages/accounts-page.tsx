import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { roleCan, type TStaffAccount, type TStaffProjectChoice } from '@portal/contract';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/field';
import { Card, Page } from '../../../ui/page';
import { consoleAccountsApi, consoleAuthKeys } from '../api';
import { AccountDialog } from '../components/account-dialog';
import { PagedList, usePagedList } from '../components/paged-list';
import { SecurityCard } from '../components/security-card';
import { formatConsoleDateTime as formatDateTime } from '../../../lib/console-format';
import { t } from '../texts';

/** /beheer/medewerkers: the customer's staff accounts (search, paging), a dialog to create or change one, and the TOTP requirement. */
export default function ConsoleAccountsPage() {
  const [query, setQuery] = useState('');
  const [typed, setTyped] = useState('');
  const [dialog, setDialog] = useState<{ account: TStaffAccount | null } | null>(null);
  const queryClient = useQueryClient();
  // Focus goes back to the button that opened the dialog when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const openDialog = (account: TStaffAccount | null) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog({ account });
  };
  const closeDialog = () => {
    setDialog(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const projects = useQuery({ queryKey: consoleAuthKeys.projects, queryFn: consoleAccountsApi.projects });
  const accounts = usePagedList(consoleAuthKeys.accountList(query), (before) => consoleAccountsApi.list(query, before));
  const projectNames = new Map((projects.data ?? []).map((p) => [p.id, p.name]));

  return (
    <Page title={t.accountsTitle} actions={<Button onClick={() => openDialog(null)}>{t.newAccount}</Button>}>
      <div className="flex flex-col gap-6">
        <SecurityCard />
        <Card>
          <form role="search" className="mb-4 flex flex-wrap items-end gap-2" onSubmit={(e) => {
            e.preventDefault();
            setQuery(typed.trim());
          }}>
            <TextField className="min-w-0 flex-1 basis-64" label={t.search} type="search" value={typed} maxLength={200} onChange={(e) => setTyped(e.target.value)} />
            <Button type="submit" variant="secondary">{t.searchButton}</Button>
          </form>
          <PagedList paged={accounts} label={t.accountsTitle} emptyText={t.noAccounts}>
            {(items) => items.map((account) => (
              <AccountRow key={account.id} account={account} projectNames={projectNames} onEdit={() => openDialog(account)} />
            ))}
          </PagedList>
        </Card>
      </div>
      {dialog && (
        <AccountDialog
          account={dialog.account}
          projects={projects.data ?? ([] as TStaffProjectChoice[])}
          onClose={closeDialog}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: consoleAuthKeys.accounts })}
        />
      )}
    </Page>
  );
}

function AccountRow({ account, projectNames, onEdit }: { account: TStaffAccount; projectNames: Map<number, string>; onEdit: () => void }) {
  const projects = roleCan(account.role, 'projects.all')
    ? t.allProjects
    : account.project_ids.map((id) => projectNames.get(id) ?? `#${id}`).join(', ') || t.noProjects;
  const status = account.disabled ? t.disabledLabel : account.has_password ? t.active : t.invited;
  return (
    <li className="grid grid-cols-1 gap-x-4 gap-y-1 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-center">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {account.name}
        </p>
        <p className="break-all text-sm text-slate-700">{account.email}</p>
      </div>
      <div className="text-sm">
        <p>{t.roles[account.role]}</p>
        <p className={account.disabled ? 'font-medium text-red-800' : 'text-slate-700'}>{status}</p>
      </div>
      <div className="min-w-0 text-sm text-slate-700">
        <p><span className="sr-only">{t.projects}: </span>{projects}</p>
        <p>{account.totp_enabled ? t.totpYes : t.totpNo} · {t.lastLogin}: {account.last_login_at ? formatDateTime(account.last_login_at) : t.never}</p>
      </div>
      <Button variant="secondary" className="justify-self-start sm:justify-self-end" onClick={onEdit} aria-label={`${t.edit}: ${account.name}`}>{t.edit}</Button>
    </li>
  );
}
