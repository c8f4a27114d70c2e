import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { plannedText, type TAppointment } from '@portal/contract';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/states';
import { toast, toastError } from '../../../ui/toaster';
import { appointmentApi, appointmentKeys, type ConfirmationPrefill } from '../api';
import { text } from '../text';
import { PlanDialog } from './plan-dialog';

/** Which of the project's ways to reach the team a resident can open (its modules). */
export type ContactRoutes = { chat: boolean; contacts: boolean };

/** The address's appointments: status per appointment and the buttons the server's flags allow. */
export function AppointmentList({ appointments, prefill, contact }: { appointments: TAppointment[]; prefill: ConfirmationPrefill; contact: ContactRoutes }) {
  const [planning, setPlanning] = useState<TAppointment | null>(null);
  const [cancelling, setCancelling] = useState<TAppointment | null>(null);
  if (!appointments.length) return <EmptyState>{text.empty}</EmptyState>;
  return (
    <>
      <ul className="flex flex-col gap-4">
        {appointments.map((appointment) => (
          <AppointmentCard key={appointment.id} appointment={appointment} contact={contact} onPlan={() => setPlanning(appointment)} onCancel={() => setCancelling(appointment)} />
        ))}
      </ul>
      {planning && <PlanDialog appointment={planning} prefill={prefill} onClose={() => setPlanning(null)} />}
      {cancelling && <CancelDialog appointment={cancelling} onClose={() => setCancelling(null)} />}
    </>
  );
}

/** Shows a refusal (e.g. 409: changed meanwhile) and loads the list again. */
function useRefusal() {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    toastError(error, text.failed);
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
  };
}

function AppointmentCard({ appointment, contact, onPlan, onCancel }: { appointment: TAppointment; contact: ContactRoutes; onPlan: () => void; onCancel: () => void }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const refused = useRefusal();
  const confirm = useMutation({
    mutationFn: () => appointmentApi.confirm(appointment),
    onSuccess: async (result) => {
      toast(result.message, 'success');
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
    onError: refused,
  });
  const planned = !appointment.is_cancelled && appointment.address_date && appointment.address_time;
  const noSlots = (appointment.can_be_made || appointment.can_be_rescheduled) && appointment.nr_of_available_slots === 0;

  return (
    <li className="flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">{appointment.subject}</h2>
        {appointment.confirmed_by_address && (
          <span className="rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-900">{text.confirmedBadge}</span>
        )}
      </div>
      <p className={appointment.is_cancelled ? 'font-semibold text-red-800' : 'text-slate-800'}>
        {appointment.is_cancelled ? text.cancelled : planned ? plannedText(appointment.address_date!, appointment.address_time!) : text.notPlanned}
      </p>
      {appointment.show_confirm_option_for_occupants && <p className="text-sm text-slate-700">{text.toConfirm}</p>}
      {noSlots && (
        // Nothing to choose from: no button that opens an empty list, but the ways to reach the team.
        <div className="flex flex-col gap-2 rounded-md bg-amber-50 p-3 text-sm text-slate-900 ring-1 ring-amber-200">
          <p className="font-semibold text-red-800">{text.noSlots}</p>
          <p>{text.noSlotsDetail}</p>
          {(contact.chat || contact.contacts) && (
            <p className="flex flex-wrap gap-x-4 gap-y-1">
              {contact.chat && <Link to="/berichten" className="font-semibold text-blue-800 underline">{text.contactChat}</Link>}
              {contact.contacts && <Link to="/contactpersonen" className="font-semibold text-blue-800 underline">{text.contactPersons}</Link>}
            </p>
          )}
        </div>
      )}
      {(appointment.show_confirm_option_for_occupants || appointment.can_be_rescheduled || appointment.can_be_cancelled || appointment.can_be_made) && (
        <div className="flex flex-wrap gap-2">
          {appointment.show_confirm_option_for_occupants && (
            <Button aria-describedby={headingId} busy={confirm.isPending} onClick={() => confirm.mutate()}>{text.confirm}</Button>
          )}
          {appointment.can_be_made && !noSlots && <Button aria-describedby={headingId} onClick={onPlan}>{text.plan}</Button>}
          {appointment.can_be_rescheduled && !noSlots && <Button variant="secondary" aria-describedby={headingId} onClick={onPlan}>{text.reschedule}</Button>}
          {appointment.can_be_cancelled && <Button variant="danger" aria-describedby={headingId} onClick={onCancel}>{text.cancel}</Button>}
        </div>
      )}
    </li>
  );
}

/** Asks before cancelling; the place in the slot is released by the server. */
function CancelDialog({ appointment, onClose }: { appointment: TAppointment; onClose: () => void }) {
  const queryClient = useQueryClient();
  const refused = useRefusal();
  const cancel = useMutation({
    mutationFn: () => appointmentApi.cancel(appointment),
    onSuccess: (result) => {
      toast(result.message, 'success');
      onClose();
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
    onError: (error) => {
      onClose();
      refused(error);
    },
  });
  const when = appointment.address_date ? `op ${appointment.address_date} om ${appointment.address_time} uur` : '';
  return (
    <Dialog open title={text.cancelTitle} onClose={onClose}>
      <p className="text-slate-800">{text.cancelQuestion(appointment.subject, when)}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>{text.cancelNo}</Button>
        <Button variant="danger" busy={cancel.isPending} onClick={() => cancel.mutate()}>{text.cancelYes}</Button>
      </div>
    </Dialog>
  );
}
