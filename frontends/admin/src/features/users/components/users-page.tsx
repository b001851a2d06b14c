import { useCallback, useState } from 'react';
import type { TCurrentUser } from '@gleba/contracts';
import { ConfirmationDialog, Dialog, TextField, toast } from '@gleba/ui';
import { formatDate, useDescribeError, useLang, useT } from '../../../lib/i18n';
import { PagedTable } from '../../../lib/paging';
import { useModeStore } from '../../../stores/mode-store';
import { reinstateUser, suspendUser, useUsers } from '../api/users';
import { SurveyCounts } from './survey-counts';
import { UserPrivacy } from './user-privacy';
import { FilterSelect, ListFilters } from '../../../components/list-filters';

/** A suspended account is one identity disabled (`isEnabled: false`); an inactive one was never activated. */
function userStatus(u: TCurrentUser): 'ACTIVE' | 'INACTIVE' | 'SUSPENDED' {
  if (!u.isEnabled) return 'SUSPENDED';
  return u.isActive ? 'ACTIVE' : 'INACTIVE';
}

/** Users: search, view, suspend (with a reason) and reinstate. */
export function UsersPage() {
  const tr = useT();
  const lang = useLang();
  const describe = useDescribeError();
  const mode = useModeStore((s) => s.mode);
  const [query, setQuery] = useState({ search: '', status: '', page: 1 });
  const [viewing, setViewing] = useState<TCurrentUser | null>(null);
  const [suspending, setSuspending] = useState<TCurrentUser | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  // Stable: the dialog refocuses itself whenever its onClose changes, which would pull focus out of the reason field.
  const closeSuspend = useCallback(() => setSuspending(null), []);
  const { data, isLoading, mutate, error } = useUsers(mode, {
    page: query.page,
    perPage: 20,
    orderBy: 'createdAt:desc',
    ...(query.search ? { search: query.search } : {}),
    ...(query.status ? { status: query.status } : {}),
  });

  async function run(action: () => Promise<unknown>, success: string) {
    setBusy(true);
    try {
      await action();
      toast.success(success);
      await mutate();
    } catch (err) {
      toast.error(describe(err));
    } finally {
      setBusy(false);
      setSuspending(null);
      setReason('');
    }
  }

  return (
    <section className="page">
      <h1>{tr('admin.usersTitle')}</h1>
      <ListFilters
        search={query.search}
        placeholder={tr('admin.usersSearch')}
        onSearch={(search) => setQuery((q) => ({ ...q, search, page: 1 }))}
      >
        <FilterSelect
          label={tr('admin.status')}
          value={query.status}
          values={['ACTIVE', 'INACTIVE', 'SUSPENDED'] as const}
          labelOf={(s) => tr(`admin.userStatus${s}`)}
          onChange={(v) => setQuery((q) => ({ ...q, status: v, page: 1 }))}
        />
      </ListFilters>
      <PagedTable
        error={error}
        loading={isLoading}
        rows={data?.items}
        rowKey={(u) => u.id}
        columns={[
          { key: 'name', header: tr('admin.name'), cell: (u) => `${u.firstName} ${u.lastName}` },
          { key: 'email', header: tr('admin.email'), cell: (u) => u.email },
          { key: 'role', header: tr('admin.role'), cell: (u) => tr(`admin.role${u.role}`) },
          {
            key: 'status',
            header: tr('admin.status'),
            cell: (u) => tr(`admin.userStatus${userStatus(u)}`),
          },
          {
            key: 'created',
            header: tr('admin.registeredAt'),
            cell: (u) => formatDate(lang, u.createdAt, false),
          },
          {
            key: 'actions',
            header: '',
            cell: (u) => (
              <span className="row-actions">
                <button
                  type="button"
                  className="gl-button gl-button--secondary"
                  onClick={() => setViewing(u)}
                >
                  {tr('admin.details')}
                </button>
                {userStatus(u) === 'SUSPENDED' ? (
                  <button
                    type="button"
                    className="gl-button"
                    disabled={busy}
                    onClick={() => void run(() => reinstateUser(u.id), tr('admin.userReinstated'))}
                  >
                    {tr('admin.reinstate')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="gl-button"
                    disabled={busy}
                    onClick={() => setSuspending(u)}
                  >
                    {tr('admin.suspend')}
                  </button>
                )}
              </span>
            ),
          },
        ]}
        meta={data?.meta}
        onPage={(page) => setQuery((q) => ({ ...q, page }))}
      />
      <SurveyCounts />
      <Dialog
        open={viewing !== null}
        title={viewing ? `${viewing.firstName} ${viewing.lastName}` : ''}
        onClose={() => setViewing(null)}
      >
        {viewing && (
          <dl className="dl">
            {(
              [
                ['ID', viewing.publicUserId],
                [tr('admin.email'), viewing.email],
                [tr('admin.phone'), viewing.phoneNumber ?? '—'],
                [tr('admin.role'), tr(`admin.role${viewing.role}`)],
                [tr('admin.status'), tr(`admin.userStatus${userStatus(viewing)}`)],
                [tr('admin.registeredAt'), formatDate(lang, viewing.createdAt)],
              ] as const
            ).map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        )}
        {viewing && <UserPrivacy user={viewing} />}
      </Dialog>
      <ConfirmationDialog
        open={suspending !== null}
        busy={busy}
        danger
        onCancel={closeSuspend}
        onConfirm={() =>
          suspending &&
          void run(() => suspendUser(suspending.id, reason.trim() || undefined), tr('admin.userSuspended'))
        }
      >
        <p>{suspending ? tr('admin.suspendConfirm', { email: suspending.email }) : ''}</p>
        <TextField
          label={tr('admin.suspendReason')}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      </ConfirmationDialog>
    </section>
  );
}
