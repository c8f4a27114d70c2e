import { z } from 'zod';
import { editableModules, ZStaffProjectBody, ZStaffProjectModule, type TModuleName, type TStaffProject, type TStaffProjectBody } from '@portal/contract';

/** A module as the console's form holds it: every module is a row, on or off, in the dashboard's order. */
export type ModuleRow = { name: TModuleName; display_name: string; enabled: boolean };

/**
 * The form holds every module as a row (on or off, in order; the complaints row's name is module_18_name);
 * the body sends the modules that are on. The rules are the contract's.
 */
export const ZProjectForm = ZStaffProjectBody.omit({ modules: true, module_18_name: true }).extend({
  modules: z.array(ZStaffProjectModule.extend({ enabled: z.boolean() })),
});
export type ProjectForm = Omit<TStaffProjectBody, 'modules' | 'module_18_name'> & { modules: ModuleRow[] };

export const toForm = (p: TStaffProject): ProjectForm => ({
  name: p.name, description: p.description, color_primary: p.color_primary ?? '', color_secondary: p.color_secondary ?? '', website: p.website ?? '',
  is_public: p.is_public, modules: editableModules(p), welcome_message: p.welcome_message, support_base_progress: p.support_base_progress ?? '',
  work_order_show_image: p.work_order_show_image, work_order_message: p.work_order_message ?? '',
});

export function toBody({ modules, ...form }: ProjectForm): TStaffProjectBody {
  return {
    ...form,
    modules: modules.filter((m) => m.enabled).map(({ name, display_name }) => ({ name, display_name })),
    module_18_name: modules.find((m) => m.name === 'complaints')!.display_name,
  };
}

/** The server names the modules that are on by their place in the body; the form by their row. */
export function formFieldOf(field: string, rows: ModuleRow[]): string | null {
  const complaints = rows.findIndex((m) => m.name === 'complaints');
  if (field === 'module_18_name') return `modules.${complaints}.display_name`;
  const match = /^modules\.(\d+)\.(\w+)$/.exec(field);
  if (!match) return field;
  const row = rows.map((m, i) => (m.enabled ? i : -1)).filter((i) => i >= 0)[Number(match[1])];
  return row === undefined ? null : `modules.${row}.display_name`;
}
