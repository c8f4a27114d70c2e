import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { CHAT_NOTIFICATION_SHOW, type TChatNotification, type TNotificationBody, type TSavedReply } from '@portal/contract';
import { ApiError } from '../../lib/api';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Crumbs } from '../../ui/crumbs';
import { Checkbox, TextField } from '../../ui/field';
import { Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { EmptyState, ErrorState, Loading } from '../../ui/states';
import { TextAreaField } from '../../ui/textarea-field';
import { toast } from '../../ui/toaster';
import { inboxApi, inboxKeys, inboxQueries } from './api';
import { inboxTexts } from './texts';

const texts = inboxTexts.settings;
type FieldErrors = Partial<Record<string, string>>;

/** The server's per-field messages (422), else its message on the form. */
function errorsOf(error: unknown): { form?: string; fields: FieldErrors } {
  if (error instanceof ApiError) {
    const fields = Object.fromEntries((error.body.errors ?? []).map((e) => [e.field, e.message]));
    return { form: Object.keys(fields).length ? undefined : error.message, fields };
  }
  return { form: inboxTexts.conversation.failed, fields: {} };
}

/** A saved reply's form: add (no reply) or change one. */
function ReplyForm({ reply, onDone }: { reply?: TSavedReply; onDone: () => void }) {
  const client = useQueryClient();
  const id = useId();
  const [title, setTitle] = useState(reply?.title ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [errors, setErrors] = useState<{ form?: string; fields: FieldErrors }>({ fields: {} });
  const save = useMutation({
    mutationFn: () => (reply ? inboxApi.updateReply(reply.id, { title, body }) : inboxApi.createReply({ title, body })),
    onSuccess: async () => {
      toast(texts.saved, 'success');
      await client.invalidateQueries({ queryKey: inboxKeys.savedReplies() });
      if (!reply) {
        setTitle('');
        setBody('');
      }
      setErrors({ fields: {} });
      onDone();
    },
    onError: (error) => setErrors(errorsOf(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={reply ? `${texts.edit}: ${reply.title}` : texts.add}>
      {errors.form && <Banner tone="error">{errors.form}</Banner>}
      <TextField id={`${id}-title`} label={texts.replyTitle} value={title} maxLength={80} onChange={(e) => setTitle(e.target.value)} error={errors.fields.title} />
      <TextAreaField id={`${id}-body`} label={texts.replyBody} value={body} rows={4} maxLength={5000} onChange={(e) => setBody(e.target.value)} error={errors.fields.body} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending}>{reply ? texts.save : texts.add}</Button>
        {reply && <Button type="button" variant="secondary" onClick={onDone}>{texts.cancel}</Button>}
      </div>
    </form>
  );
}

function SavedReplies() {
  const client = useQueryClient();
  const replies = useQuery(inboxQueries.savedReplies());
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<TSavedReply | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => inboxApi.deleteReply(id),
    onSuccess: async () => {
      toast(texts.removed, 'success');
      setRemoving(null);
      await client.invalidateQueries({ queryKey: inboxKeys.savedReplies() });
    },
  });
  return (
    <section aria-labelledby="replies-heading" className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div>
        <h2 id="replies-heading" className="text-lg font-semibold">{texts.replies}</h2>
        <p className="text-sm text-slate-800">{texts.repliesIntro}</p>
      </div>
      {replies.isPending ? <Loading /> : replies.isError ? <ErrorState error={replies.error} retry={() => void replies.refetch()} /> : replies.data.length === 0
        ? <EmptyState>{inboxTexts.conversation.noReplies}</EmptyState> : (
          <ul className="divide-y divide-slate-200">
            {replies.data.map((r) => (
              <li key={r.id} className="py-3">
                {editing === r.id ? <ReplyForm reply={r} onDone={() => setEditing(null)} /> : (
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0">
                      <h3 className="font-semibold break-words">{r.title}</h3>
                      <p className="whitespace-pre-wrap break-words text-slate-800">{r.body}</p>
                    </div>
                    <div className="flex shrink-0 gap-2">
                      <Button variant="secondary" onClick={() => setEditing(r.id)}>{texts.edit}<span className="sr-only">: {r.title}</span></Button>
                      <Button variant="secondary" onClick={() => setRemoving(r)}>{texts.remove}<span className="sr-only">: {r.title}</span></Button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      <div className="border-t border-slate-200 pt-4">
        <h3 className="mb-2 font-semibold">{texts.add}</h3>
        <ReplyForm onDone={() => undefined} />
      </div>
      {removing && (
        <ConfirmDialog title={texts.removeTitle} confirm={texts.remove} busy={remove.isPending}
          error={remove.error instanceof Error ? remove.error.message : undefined}
          onConfirm={() => remove.mutate(removing.id)} onClose={() => setRemoving(null)}>
          {texts.removeBody(removing.title)}
        </ConfirmDialog>
      )}
    </section>
  );
}

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
type NoticeForm = Omit<TNotificationBody, 'language'>;
const formOf = (n: TChatNotification): NoticeForm => {
  const { is_visible: _visible, ...rest } = n;
  return rest;
};

function NotificationForm() {
  const client = useQueryClient();
  const notification = useQuery(inboxQueries.notification());
  const [form, setForm] = useState<NoticeForm | null>(null);
  const [errors, setErrors] = useState<{ form?: string; fields: FieldErrors }>({ fields: {} });
  useEffect(() => {
    if (notification.data && !form) setForm(formOf(notification.data));
  }, [notification.data, form]);
  const save = useMutation({
    mutationFn: (body: NoticeForm) => inboxApi.setNotification(body),
    onSuccess: (saved) => {
      client.setQueryData(inboxKeys.notification(), saved);
      setErrors({ fields: {} });
      toast(texts.saved, 'success');
    },
    onError: (error) => setErrors(errorsOf(error)),
  });
  if (notification.isPending || !form) return notification.isError ? <ErrorState error={notification.error} retry={() => void notification.refetch()} /> : <Loading />;
  const set = <K extends keyof NoticeForm>(key: K, value: NoticeForm[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));
  return (
    <section aria-labelledby="notice-heading" className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div>
        <h2 id="notice-heading" className="text-lg font-semibold">{texts.notification}</h2>
        <p className="text-sm text-slate-800">{texts.notificationIntro}</p>
        <p className="text-sm font-medium">{notification.data?.is_visible ? texts.visibleNow : texts.hiddenNow}</p>
      </div>
      <form className="flex flex-col gap-3" onSubmit={(e) => { e.preventDefault(); save.mutate(form); }}>
        {errors.form && <Banner tone="error">{errors.form}</Banner>}
        <div className="flex flex-col gap-1">
          <label htmlFor="notice-show" className="text-sm font-medium text-slate-800">{texts.show}</label>
          <Select id="notice-show" value={form.show} onChange={(e) => set('show', e.target.value as NoticeForm['show'])}>
            {CHAT_NOTIFICATION_SHOW.map((s) => <option key={s} value={s}>{texts.showOptions[s]}</option>)}
          </Select>
        </div>
        <TextField id="notice-title" label={texts.noticeTitle} value={form.title} maxLength={120} onChange={(e) => set('title', e.target.value)} error={errors.fields.title} />
        <TextAreaField id="notice-text" label={texts.noticeText} value={form.text} rows={3} maxLength={2000} onChange={(e) => set('text', e.target.value)} error={errors.fields.text} />
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-800">{texts.days}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {DAYS.map((d) => <Checkbox key={d} label={texts.dayNames[d]} checked={form[d]} onChange={(e) => set(d, e.target.checked)} />)}
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField id="notice-from" label={texts.from} type="time" value={form.from_hour} onChange={(e) => set('from_hour', e.target.value)} error={errors.fields.from_hour} />
          <TextField id="notice-till" label={texts.till} type="time" value={form.till_hour} onChange={(e) => set('till_hour', e.target.value)} error={errors.fields.till_hour} />
        </div>
        <Button type="submit" busy={save.isPending} className="self-start">{texts.save}</Button>
      </form>
    </section>
  );
}

/** /beheer/inbox/instellingen: the customer's saved replies and its out-of-hours notice (chat.answer). */
export default function InboxSettingsPage() {
  return (
    <Page title={texts.title}>
      <Crumbs crumbs={[{ href: '/inbox', label: inboxTexts.title }]} current={texts.crumb} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SavedReplies />
        <NotificationForm />
      </div>
    </Page>
  );
}
