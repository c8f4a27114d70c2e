import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  surveyMessages, ZApiError, ZLanguageQuery, ZOccupantQuery, ZPublicSurveyElementParams, ZPublicSurveyList, ZPublicSurveyListParams,
  ZPublicSurveyParams, ZPublicSurveyPhotoParams, ZPublicSurveyQuery, ZSuccess, ZSurvey, ZSurveyElementParams, ZSurveyList, ZSurveyParams,
  ZSurveyPhoto, ZSurveySubmitBody, VISITOR_UNIQUE_HEADER, type TSurveyPhoto,
} from '@portal/contract';
import { sessionOf } from '../../plugins/auth.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { readImageUpload, sendStoredFile } from '../files/index.ts';

const imageTexts = { type: surveyMessages.photoType, missing: surveyMessages.photoMissing, tooLarge: surveyMessages.photoTooLarge };
const readImage = (request: Parameters<typeof readImageUpload>[0], maxBytes: number) => readImageUpload(request, maxBytes, imageTexts);

const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError };
const submitErrors = { ...errors, 409: ZApiError, 422: ZApiError, 429: ZApiError };
const uploadErrors = { ...submitErrors, 413: ZApiError };
const secured = [{ bearer: [] }];
/** Public routes answer for the host's customer only, (plugins/public-scope.ts). */
const PUBLIC_SURVEY = { publicScope: { kind: 'survey', param: 'id' } } as const;

const SUBMIT_DESCRIPTION =
  'Version 1: `{ answers: [{ question_id, answer }] }` (rating: integer 0-10, open: text). Version 2: `{ values: { [element_id]: value } }` ' +
  '(text; an option label, or an array of labels for a check group; an integer 1..n for a smiley/star scale; the photo id of an upload). ' +
  "Invalid: 422 'Formulier niet goed ingevuld' with errors per `answers.{question_id}` / `values.{element_id}`. Answered before: 409.";
const UPLOAD_DESCRIPTION =
  'multipart/form-data with the photo in field `image` (or the spec\'s `files[image]`): png or jpeg by content, size-limited; stored upright, scaled down and without ' +
  'metadata (EXIF, GPS). Answers { id, image_width, image_height, url }; send the id as the element\'s value.';

/**
 * Surveys: residents under /occupant (their address answers), visitors of a public project under
 * /public with their visitor code. See packages/contract/src/survey.ts for the shapes.
 */
export const surveyRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { surveys, env } = services;
  const maxBytes = env.SURVEY_PHOTO_MAX_BYTES;
  // Multipart only for this module's upload routes; the file size is limited per request.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1 } });

  app.get('/occupant/surveys/', {
    config: { access: access.resident() },
    schema: { tags: ['surveys'], summary: "The project's surveys, each marked done when this address answered it", querystring: ZOccupantQuery, security: secured, response: { 200: ZSurveyList, ...errors } },
  }, async (request) => surveys.occupantList(sessionOf(request), request.query.project_id));

  app.get('/occupant/survey/:id', {
    config: { access: access.resident() },
    schema: { tags: ['surveys'], summary: 'One survey; once done with the answers of this address', params: ZSurveyParams, querystring: ZOccupantQuery, security: secured, response: { 200: ZSurvey, ...errors } },
  }, async (request) => surveys.occupantSurvey(sessionOf(request), request.params.id));

  app.post('/occupant/survey/:id', {
    config: { access: access.resident() },
    schema: {
      tags: ['surveys'], summary: 'Send the answers (once)', description: SUBMIT_DESCRIPTION,
      params: ZSurveyParams, querystring: ZOccupantQuery, body: ZSurveySubmitBody, security: secured, response: { 200: ZSuccess, ...submitErrors },
    },
  }, async (request) => surveys.occupantSubmit(sessionOf(request), request.params.id, request.body));

  app.post('/occupant/survey/:id/element/:element_id', {
    config: { access: access.resident() },
    schema: {
      tags: ['surveys'], summary: 'Upload a photo for a photo element', description: UPLOAD_DESCRIPTION, consumes: ['multipart/form-data'],
      params: ZSurveyElementParams, querystring: ZOccupantQuery, security: secured, response: { 200: ZSurveyPhoto, ...uploadErrors },
    },
  }, async (request): Promise<TSurveyPhoto> => {
    const store = await surveys.occupantUploadTarget(sessionOf(request), request.params.id, request.params.element_id);
    return store(await readImage(request, maxBytes));
  });

  app.get('/public/surveys/:project_id', {
    config: { access: access.public, publicScope: { kind: 'project', param: 'project_id' } },
    schema: {
      tags: ['surveys'], summary: "A public project's public surveys with the visitor's code",
      description: 'Send the stored visitor code as `unique`; without one (or a malformed one) a new code is issued. The answer is the list '
        + '(spec), each survey marked done when this visitor answered it; the code to keep comes in the header X-Visitor-Unique.',
      params: ZPublicSurveyListParams, querystring: ZPublicSurveyQuery, response: { 200: ZPublicSurveyList, ...errors },
    },
  }, async (request, reply) => {
    const { unique, surveys: list } = await surveys.publicList(request.params.project_id, request.query.unique);
    void reply.header(VISITOR_UNIQUE_HEADER, unique).header('cache-control', 'no-store');
    return list;
  });

  app.get('/public/survey/:id', {
    config: { access: access.public, ...PUBLIC_SURVEY },
    schema: {
      tags: ['surveys'], summary: 'One public survey; with the visitor code, done and the answers of that visitor',
      params: ZSurveyParams, querystring: ZPublicSurveyQuery, response: { 200: ZSurvey, ...errors },
    },
  }, async (request) => surveys.publicSurvey(request.params.id, request.query.unique));

  app.post('/public/survey/:id/:unique', {
    config: { access: access.public, ...PUBLIC_SURVEY },
    schema: {
      tags: ['surveys'], summary: "Send a visitor's answers (once per visitor code)", description: SUBMIT_DESCRIPTION,
      params: ZPublicSurveyParams, querystring: ZLanguageQuery, body: ZSurveySubmitBody, response: { 200: ZSuccess, ...submitErrors },
    },
  }, async (request) => surveys.publicSubmit(request.params.id, request.params.unique, request.body, request.ip));

  app.post('/public/survey/:id/:unique/element/:element_id', {
    config: { access: access.public, ...PUBLIC_SURVEY },
    schema: {
      tags: ['surveys'], summary: "Upload a visitor's photo for a photo element", description: UPLOAD_DESCRIPTION, consumes: ['multipart/form-data'],
      params: ZPublicSurveyElementParams, querystring: ZLanguageQuery, response: { 200: ZSurveyPhoto, ...uploadErrors },
    },
  }, async (request): Promise<TSurveyPhoto> => {
    const { id, unique, element_id: elementId } = request.params;
    const store = await surveys.publicUploadTarget(id, unique, elementId, request.ip);
    return store(await readImage(request, maxBytes));
  });

  app.get('/public/survey/:id/:unique/photo/:photo_id', {
    config: { access: access.public, ...PUBLIC_SURVEY },
    schema: { tags: ['surveys'], summary: 'A photo this visitor uploaded', params: ZPublicSurveyPhotoParams, querystring: ZLanguageQuery },
  }, async (request, reply) => sendStoredFile(reply, await surveys.publicPhoto(request.params.id, request.params.unique, request.params.photo_id)));
};
