import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useLocation, useParams } from 'wouter';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { setServerErrors } from '../../lib/form-errors';
import { consoleContentPaths } from '../../ui/console-content-layout';
import { useErrorSummary } from '../../ui/error-summary';
import { toast, toastError } from '../../ui/toaster';
import { contentApi, contentKeys, CONTENT_MODULE_DEFS, type ContentModule } from './api';
import { contentTexts } from './texts';

type Options<TIn extends FieldValues, TOut> = {
  module: ContentModule;
  /** The contract's input schema: the same rules as the server, with its Dutch messages. */
  schema: z.ZodType<TIn>;
  /** A new item's values. */
  empty: () => TIn;
  /** The stored item as the form holds it. */
  toInput: (item: TOut) => TIn;
  /** The form's fields in their order (the error summary and a 422's messages follow it). */
  fields: readonly Path<TIn>[];
};

/**
 * The edit page of one content item (/beheer/projecten/{projectId}/inhoud/{module}/{id|nieuw}): loads the
 * item, validates with the contract's schema, saves (POST or PUT), deletes, and puts a 422's messages on
 * the fields. A new item's page moves to the saved item's own address.
 */
export function useItemEditor<TIn extends FieldValues, TOut extends { id: number }>({ module, schema, empty, toInput, fields }: Options<TIn, TOut>) {
  const params = useParams<{ projectId: string; id: string }>();
  const projectId = Number(params.projectId);
  const isNew = params.id === 'nieuw';
  const id = isNew ? null : Number(params.id);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const summary = useErrorSummary();
  const slug = CONTENT_MODULE_DEFS[module].slug;

  const item = useQuery({
    queryKey: contentKeys.item(projectId, module, id ?? 0),
    queryFn: () => contentApi.get<TOut>(projectId, module, id!),
    enabled: id !== null,
  });
  const form = useForm<TIn>({ resolver: zodResolver(schema as never) as unknown as Resolver<TIn>, defaultValues: empty() as DefaultValues<TIn>, shouldFocusError: false });
  const { reset } = form;
  useEffect(() => {
    if (item.data) reset(toInput(item.data));
  }, [item.data, reset]); // eslint-disable-line react-hooks/exhaustive-deps -- toInput is a plain mapping, rebuilt per render

  const save = useMutation({
    mutationFn: (values: TIn) => (id === null ? contentApi.create<TOut>(projectId, module, values) : contentApi.update<TOut>(projectId, module, id, values)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: contentKeys.project(projectId) });
      queryClient.setQueryData(contentKeys.item(projectId, module, saved.id), saved);
      toast(contentTexts.saved, 'success');
      if (id === null) navigate(consoleContentPaths.item(projectId, slug, saved.id), { replace: true });
      else reset(toInput(saved));
    },
    onError: (error) => {
      if (setServerErrors(error, fields, form.setError)) summary.focusSummary();
      else toastError(error, contentTexts.saveFailed);
    },
  });
  const remove = useMutation({
    mutationFn: () => contentApi.remove(projectId, module, id!),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contentKeys.project(projectId) });
      toast(contentTexts.deleted, 'success');
      navigate(consoleContentPaths.module(projectId, slug));
    },
    onError: (error) => toastError(error, contentTexts.deleteFailed),
  });

  return {
    projectId, isNew, id, form, summary, item, save, remove,
    listHref: consoleContentPaths.module(projectId, slug),
    notFound: item.error instanceof ApiError && item.error.status === 404,
    submit: form.handleSubmit((values) => save.mutate(values), summary.focusSummary),
  };
}
