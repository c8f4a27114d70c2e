import { useMemo } from 'react';
import { Redirect, useParams } from 'wouter';
import { idParam } from '../module-route';
import { partnerTarget, residentTarget } from '../../features/forms/choice/api';
import { ChoiceScreen } from '../../features/forms/choice/choice-page';
import { storage } from '../../lib/storage';

type Params = { formId: string; section?: string; nr?: string; projectId?: string; addressId?: string };

/**
 * /formulier/keuze/:formId[/:section[/:nr]]: the resident's choice form (an administrator who came in
 * through a login link fills it in for the address with the admin token);
 * /partner/keuze/project/:projectId/adres/:addressId/:formId[/:section[/:nr]]: staff for an address.
 */
export default function ChoiceFormRoute() {
  const { formId, section, nr, projectId, addressId } = useParams<Params>();
  const form = idParam(formId) ?? -1;
  const target = useMemo(
    () => (projectId === undefined ? residentTarget(form) : partnerTarget(idParam(projectId) ?? -1, idParam(addressId) ?? -1, form)),
    [projectId, addressId, form],
  );
  if (projectId === undefined && storage.projectId() === null) return <Redirect to="/projecten" replace />;
  return <ChoiceScreen key={`${projectId ?? ''}:${addressId ?? ''}:${form}`} target={target} section={section} nr={nr} />;
}
