import { retentionPaths, type TRetentionPolicy, type TRetentionPolicyBody, type TRetentionProject, type TRetentionProjectBody } from '@portal/contract';
import { staffApi } from '../../lib/staff-api';

/** Query keys of the retention screens; a change invalidates its own key only. */
export const retentionKeys = {
  all: ['staff', 'retention'] as const,
  policy: ['staff', 'retention', 'policy'] as const,
  project: (id: number) => ['staff', 'retention', 'project', id] as const,
};

export const retentionApi = {
  policy: () => staffApi<TRetentionPolicy>(retentionPaths.policy),
  savePolicy: (body: TRetentionPolicyBody) => staffApi<TRetentionPolicy>(retentionPaths.policy, { method: 'PUT', body }),
  project: (id: number) => staffApi<TRetentionProject>(retentionPaths.project(id)),
  saveProject: (id: number, body: TRetentionProjectBody) => staffApi<TRetentionProject>(retentionPaths.project(id), { method: 'PUT', body }),
  confirm: (id: number) => staffApi<TRetentionProject>(retentionPaths.confirm(id), { method: 'POST' }),
};
