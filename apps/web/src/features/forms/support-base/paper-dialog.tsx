import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  CONSENT_SCAN_MAX_BYTES, consentAgreementLabels, consentPaperMessages, consentPaperStateLabels,
  type TConsentAgreement, type TConsentPaperHistory, type TConsentPaperRecord,
} from '@portal/contract';
import { ApiError, isRedirected } from '../../../lib/api';
import { formatConsoleDateTime as formatDateTime } from '../../../lib/console-format';
import { downloadWithFreshLink } from '../../../lib/file-links';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { documentFileProblem, FileField } from '../../../ui/file-field';
import { RadioGroup, RadioOption } from '../../../ui/radio-group';
import { ErrorState, Loading } from '../../../ui/states';
import { TextAreaField } from '../../../ui/textarea-field';
import { consentPaperTexts as t } from '../texts';
import { supportBaseApi, supportBaseKeys, supportBaseQueries, type PaperPlace } from './api';

const scanRules = { maxBytes: CONSENT_SCAN_MAX_BYTES, missing: consentPaperMessages.scanMissing, type: consentPaperMessages.scanType, tooLarge: consentPaperMessages.scanTooLarge };

type Errors = Partial<Record<'agreement' | 'file' | 'reason' | 'form', string>>;

/** A failed call as messages at the fields it names (a 413's too, which names `file`), else one for the whole form. */
function errorsOf(failure: unknown, fallback: string): Errors {
  if (isRedirected(failure)) return {};
  if (!(failure instanceof ApiError)) return { form: fallback };
  const errors: Errors = {};
  for (const { field, message } of failure.body.errors ?? []) {
    if ((field === 'agreement' || field === 'file' || field === 'reason') && !errors[field]) errors[field] = message;
  }
  return Object.keys(errors).length ? errors : { form: failure.message || fallback };
}

/** Moves focus to the first field with an error (its input or, for radios, the first option). */
function focusFirstError(scope: HTMLElement | null) {
  scope?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** A paper form's messages (shown at their fields, focus on the first) and its upload's progress. */
function useFormErrors<E extends HTMLElement>() {
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const ref = useRef<E>(null);
  /** Shows `found`; answers whether there is any. */
  const show = (found: Errors) => {
    setErrors(found);
    const any = Object.values(found).some(Boolean);
    if (any) requestAnimationFrame(() => focusFirstError(ref.current));
    return any;
  };
  const clear = (field: keyof Errors, message?: string) => setErrors((e) => ({ ...e, [field]: message }));
  return { errors, show, clear, ref, progress, setProgress, failed: (failure: unknown) => show(errorsOf(failure, t.recordFailed)) };
}

function AgreementChoice({ value, onChange, error, legend = t.agreementLegend }: { value: TConsentAgreement | null; onChange: (v: TConsentAgreement) => void; error?: string; legend?: string }) {
  const name = useId();
  return (
    <RadioGroup legend={legend} required error={error}>
      {({ describedBy, invalid }) => (['agree', 'disagree'] as const).map((option) => (
        <RadioOption key={option} name={name} label={consentAgreementLabels[option]} checked={value === option} aria-describedby={describedBy} aria-invalid={invalid}
          onChange={() => onChange(option)} />
      ))}
    </RadioGroup>
  );
}

/** Records a paper form: what it says and its scan, uploaded with its progress. */
function RecordForm({ place, onDone }: { place: PaperPlace; onDone: (history: TConsentPaperHistory, message: string) => void }) {
  const [agreement, setAgreement] = useState<TConsentAgreement | null>(null);
  const [scan, setScan] = useState<File | null>(null);
  const f = useFormErrors<HTMLFormElement>();
  const save = useMutation({
    mutationFn: ({ value, file }: { value: TConsentAgreement; file: File }) => supportBaseApi.recordPaper(place, value, file, f.setProgress),
    onSuccess: (history) => onDone(history, t.recorded),
    onError: f.failed,
    onSettled: () => f.setProgress(null),
  });
  const submit = () => {
    if (f.show({ agreement: agreement ? undefined : consentPaperMessages.agreementMissing, file: documentFileProblem(scan, scanRules) })) return;
    save.mutate({ value: agreement!, file: scan! });
  };
  return (
    <form ref={f.ref} noValidate aria-label={t.record} className="flex flex-col gap-4" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <h3 className="text-base font-semibold text-slate-900">{t.record}</h3>
      {f.errors.form && <Banner tone="error">{f.errors.form}</Banner>}
      <AgreementChoice value={agreement} error={f.errors.agreement} onChange={(v) => { setAgreement(v); f.clear('agreement'); }} />
      <FileField label={t.scan} hint={t.scanHint} file={scan} progress={f.progress} error={f.errors.file}
        onFile={(file) => { setScan(file); f.clear('file', file ? documentFileProblem(file, scanRules) : undefined); }} />
      <div><Button type="submit" busy={save.isPending}>{t.recordButton}</Button></div>
    </form>
  );
}

/** A record that waits: someone else who may decide confirms it; anyone who may decide may reject it with a reason. */
function PendingActions({ place, record, canDecide, onDone }: {
  place: PaperPlace; record: TConsentPaperRecord; canDecide: boolean; onDone: (history: TConsentPaperHistory, message: string) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const f = useFormErrors<HTMLDivElement>();
  const confirm = useMutation({ mutationFn: () => supportBaseApi.confirmPaper(place, record.id), onSuccess: (h) => onDone(h, t.confirmed), onError: f.failed });
  const reject = useMutation({ mutationFn: () => supportBaseApi.rejectPaper(place, record.id, reason), onSuccess: (h) => onDone(h, t.rejected), onError: f.failed });
  useEffect(() => {
    if (rejecting) f.ref.current?.querySelector('textarea')?.focus();
  }, [rejecting, f.ref]);
  if (!canDecide) return <p className="text-sm text-slate-800">{t.othersDecide}</p>;
  return (
    <div className="flex flex-col gap-3">
      {f.errors.form && <Banner tone="error">{f.errors.form}</Banner>}
      {!record.can_confirm && <p className="text-sm text-slate-800">{t.ownRecord}</p>}
      {rejecting ? (
        <div ref={f.ref} className="flex flex-col gap-3">
          <TextAreaField label={t.rejectReason} required rows={3} value={reason} error={f.errors.reason} maxLength={1000}
            onChange={(e) => { setReason(e.target.value); f.show({}); }} />
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" busy={reject.isPending}
              onClick={() => { if (!f.show({ reason: reason.trim() ? undefined : consentPaperMessages.reasonMissing })) reject.mutate(); }}>{t.rejectButton}</Button>
            <Button variant="secondary" onClick={() => { setRejecting(false); f.show({}); }}>{t.cancel}</Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {record.can_confirm && <Button busy={confirm.isPending} onClick={() => confirm.mutate()}>{t.confirm}</Button>}
          <Button variant="secondary" onClick={() => setRejecting(true)}>{t.reject}</Button>
        </div>
      )}
    </div>
  );
}

/** A correction of the record that counts: what it should say, why, and (optionally) a new scan. */
function CorrectForm({ place, record, onDone, onCancel }: {
  place: PaperPlace; record: TConsentPaperRecord; onDone: (history: TConsentPaperHistory, message: string) => void; onCancel: () => void;
}) {
  const [agreement, setAgreement] = useState<TConsentAgreement>(record.agreement === 'agree' ? 'disagree' : 'agree');
  const [reason, setReason] = useState('');
  const [scan, setScan] = useState<File | null>(null);
  const f = useFormErrors<HTMLFormElement>();
  useEffect(() => {
    f.ref.current?.querySelector<HTMLElement>('h3')?.focus();
  }, [f.ref]);
  const save = useMutation({
    mutationFn: () => supportBaseApi.correctPaper(place, record.id, { agreement, reason }, scan, f.setProgress),
    onSuccess: (history) => onDone(history, t.corrected),
    onError: f.failed,
    onSettled: () => f.setProgress(null),
  });
  const submit = () => {
    if (!f.show({ reason: reason.trim() ? undefined : consentPaperMessages.reasonMissing, file: scan ? documentFileProblem(scan, scanRules) : undefined })) save.mutate();
  };
  return (
    <form ref={f.ref} noValidate aria-label={t.correctTitle} className="flex flex-col gap-4 rounded-md border border-slate-300 p-3" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <h3 tabIndex={-1} className="text-base font-semibold text-slate-900">{t.correctTitle}</h3>
      <p className="text-sm text-slate-800">{t.correctIntro}</p>
      {f.errors.form && <Banner tone="error">{f.errors.form}</Banner>}
      <AgreementChoice value={agreement} onChange={setAgreement} />
      <TextAreaField label={t.correctReason} required rows={3} value={reason} error={f.errors.reason} maxLength={1000}
        onChange={(e) => { setReason(e.target.value); f.clear('reason'); }} />
      <FileField label={t.correctScan} hint={t.correctScanHint} file={scan} progress={f.progress} error={f.errors.file} required={false}
        onFile={(file) => { setScan(file); f.clear('file', file ? documentFileProblem(file, scanRules) : undefined); }} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending}>{t.correctButton}</Button>
        <Button variant="secondary" onClick={onCancel}>{t.cancel}</Button>
      </div>
    </form>
  );
}

function Line({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-800">{children}</p>;
}

/** One record of the history: what it says, its state, who recorded and decided it and when, and its scan. */
function RecordItem({ record, corrected, children }: { record: TConsentPaperRecord; corrected: TConsentPaperRecord | undefined; children?: ReactNode }) {
  const state = record.superseded ? t.superseded : consentPaperStateLabels[record.state].toLowerCase();
  return (
    <li className={`flex flex-col gap-1 rounded-md border p-3 ${record.state === 'pending' ? 'border-amber-600 bg-amber-50' : record.counts ? 'border-green-700 bg-green-50' : 'border-slate-300 bg-white'}`}>
      <p className="font-semibold text-slate-900">
        {consentAgreementLabels[record.agreement]} <span className="font-normal">({state}{record.counts ? `, ${t.counts}` : ''})</span>
      </p>
      {corrected && <Line>{t.correctionOf(consentAgreementLabels[corrected.agreement], formatDateTime(corrected.recorded_at))}</Line>}
      {record.reason && <Line>{t.reason}: {record.reason}</Line>}
      <Line>{t.recordedBy(record.recorded_by.name, formatDateTime(record.recorded_at))}</Line>
      {record.decided_by && record.decided_at && <Line>{t.decidedBy(record.state === 'confirmed', record.decided_by.name, formatDateTime(record.decided_at))}</Line>}
      {record.decision_reason && <Line>{t.reason}: {record.decision_reason}</Line>}
      <a href={record.scan.url} onClick={downloadWithFreshLink} className="self-start break-all text-sm font-semibold text-blue-800 underline" download>
        {t.openScan(record.scan.filename)}
      </a>
      {children}
    </li>
  );
}

/**
 * The paper forms of one address in a dialog: record one (what it says and a scan of it), confirm or
 * reject one that waits (the recorder cannot confirm their own), correct the one that counts with a
 * reason, and the history of all of them with their scans.
 */
export function PaperDialog({ place, address, onClose }: { place: PaperPlace; address: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const paper = useQuery(supportBaseQueries.paper(place.projectId, place.formId, place.addressId));
  const [notice, setNotice] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState(false);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const done = (history: TConsentPaperHistory, message: string) => {
    queryClient.setQueryData(supportBaseKeys.paper(place.projectId, place.formId, place.addressId), history);
    // The tally's figures and rows change with it (the address's own list is fresh already).
    void queryClient.invalidateQueries({ queryKey: supportBaseKeys.tallyOf(place.projectId), predicate: (q) => !q.queryKey.includes('paper') });
    setCorrecting(false);
    setNotice(message);
  };

  let body: ReactNode;
  if (paper.isPending) body = <Loading label={t.loading} />;
  else if (paper.isError) body = <ErrorState error={paper.error} retry={() => void paper.refetch()} />;
  else {
    const h = paper.data;
    const pending = h.records.find((r) => r.state === 'pending') ?? null;
    const counted = h.records.find((r) => r.counts) ?? null;
    body = (
      <>
        {h.conflict && <Banner tone="warning" title={t.conflictTitle}>{h.conflict_text}</Banner>}
        {h.signed_digitally && !h.records.length && <p className="text-slate-800">{t.signedDigitally}</p>}
        {!pending && !counted && !h.signed_digitally && (
          <>
            {!h.records.length && <p className="text-slate-800">{t.nothing}</p>}
            {h.can_record ? <RecordForm place={place} onDone={done} /> : <p className="text-slate-800">{t.noRecording}</p>}
          </>
        )}
        {counted && !pending && !correcting && h.can_record && (
          <div><Button variant="secondary" onClick={() => { setNotice(null); setCorrecting(true); }}>{t.correct}</Button></div>
        )}
        {counted && !pending && correcting && <CorrectForm place={place} record={counted} onDone={done} onCancel={() => setCorrecting(false)} />}
        {h.records.length > 0 && (
          <section aria-labelledby={`${h.address_id}-history`} className="flex flex-col gap-2">
            <h3 id={`${h.address_id}-history`} className="text-base font-semibold text-slate-900">{t.history}</h3>
            <ol className="flex flex-col gap-2">
              {h.records.map((record) => (
                <RecordItem key={record.id} record={record} corrected={h.records.find((r) => r.id === record.corrects_id)}>
                  {record.state === 'pending' && <PendingActions place={place} record={record} canDecide={h.can_decide} onDone={done} />}
                </RecordItem>
              ))}
            </ol>
          </section>
        )}
      </>
    );
  }

  return (
    <Dialog open title={t.title} onClose={onClose}>
      <p className="font-medium text-slate-900">{address}</p>
      <p className="text-sm text-slate-800">{t.intro}</p>
      <p ref={noticeRef} tabIndex={-1} role="status" className={notice ? 'rounded-md bg-green-50 p-2 text-sm font-medium text-green-900' : 'sr-only'}>{notice ?? ''}</p>
      {body}
      <div className="flex justify-end"><Button variant="secondary" onClick={onClose}>{t.close}</Button></div>
    </Dialog>
  );
}
