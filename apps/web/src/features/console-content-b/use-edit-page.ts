import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useLocation, useParams } from 'wouter';
import type { z } from 'zod';
import { setServerErrors } from '../../lib/form-errors';
import { consoleContentPaths } from '../../ui/console-content-layout';
import { useErrorSummary } from '../../ui/error-summary';
import { toast, toastError } from '../../ui/toaster';
import { contentBKeys } from './api';
import { texts } from './texts';

type Options<TForm extends FieldValues, TItem extends { id: number }> = {
  /** The console slug of the module ('partners', 'contactpersonen'). */
  slug: string;
  /** The item's query key of a project (under the project's content prefix). */
  itemKey: (projectId: number, id: number) => QueryKey;
  load: (projectId: number, id: number) => Promise<TItem>;
  save: (projectId: number, id: number | null, values: TForm) => Promise<TItem>;
  remove: (projectId: number, id: number) => Promise<unknown>;
  /** The contract's body schema: the same rules and Dutch messages as the server. */
  schema: z.ZodType;
  empty: () => TForm;
  toForm: (item: TItem) => TForm;
  /** The form's fields in order: a 422's messages land on these. */
  fields: readonly Path<TForm>[];
  /** The toast after a new item is saved (else the usual 'saved'). */
  createdText?: string;
  /** Takes a 422's messages the form's fields do not hold (a file's); true when there were any to show. */
  otherServerErrors?: (error: unknown) => boolean;
};

/**
 * The edit page of one item (/beheer/projecten/{projectId}/inhoud/{slug}/{id|nieuw}): loads it, checks the
 * form with the contract's schema, saves (a new item's page then moves to its own address), deletes, and
 * puts a 422's messages on the fields with the error summary in focus.
 */
export function useEditPage<TForm extends FieldValues, TItem extends { id: number }>(options: Options<TForm, TItem>) {
  const params = useParams<{ projectId: string; id: string }>();
  const projectId = Number(params.projectId);
  const id = params.id === 'nieuw' ? null : Number(params.id);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const summary = useErrorSummary();
  const listHref = consoleContentPaths.module(projectId, options.slug);

  const item = useQuery({ queryKey: options.itemKey(projectId, id ?? 0), queryFn: () => options.load(projectId, id!), enabled: id !== null });
  const form = useForm<TForm>({
    resolver: zodResolver(options.schema as never) as unknown as Resolver<TForm>,
    defaultValues: options.empty() as DefaultValues<TForm>,
    shouldFocusError: false,
  });
  const { reset } = form;
  useEffect(() => {
    if (item.data) reset(options.toForm(item.data));
  }, [item.data, reset]); // eslint-disable-line react-hooks/exhaustive-deps -- toForm is a plain mapping, rebuilt per render

  const save = useMutation({
    mutationFn: (values: TForm) => options.save(projectId, id, values),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: contentBKeys.project(projectId) });
      queryClient.setQueryData(options.itemKey(projectId, saved.id), saved);
      toast((id === null && options.createdText) || texts.saved, 'success');
      if (id === null) navigate(consoleContentPaths.item(projectId, options.slug, saved.id), { replace: true });
      else reset(options.toForm(saved));
    },
    onError: (error) => {
      const other = options.otherServerErrors?.(error) ?? false;
      if (setServerErrors(error, options.fields, form.setError) || other) summary.focusSummary();
      else toastError(error, texts.saveFailed);
    },
  });
  const remove = useMutation({
    mutationFn: () => options.remove(projectId, id!),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contentBKeys.project(projectId) });
      toast(texts.deleted, 'success');
      navigate(listHref);
    },
    onError: (error) => toastError(error, texts.deleteFailed),
  });

  return {
    projectId, id, isNew: id === null, item, form, summary, save, remove, listHref,
    submit: form.handleSubmit((values) => save.mutate(values), summary.focusSummary),
  };
}
export type EditPage = ReturnType<typeof useEditPage>;
