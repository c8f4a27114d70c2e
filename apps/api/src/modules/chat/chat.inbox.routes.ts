import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HAS_MORE_HEADER, pagedAnswer, staffInboxPaths, ZAnswerTimes, ZApiError, ZAssigneeBody, ZChatMessage, ZChatNote, ZConversationIdParams,
  ZInboxAnswerBody, ZInboxAssignees, ZInboxConversation, ZInboxConversationDetail, ZInboxExportQuery, ZInboxList, ZInboxListQuery,
  ZInboxProjectParams, ZNoteBody, ZNotificationBody, ZPagedLanguageQuery, ZSavedReplies, ZSavedReply, ZSavedReplyBody, ZSavedReplyParams,
  ZStaffNotification, ZSuccess,
} from '@portal/contract';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { staffOf } from '../staff/staff-access.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
const writeErrors = { ...errors, 409: ZApiError };
const FILTERS = 'Filters: `project_id`, `status` (open, waiting, closed), `assigned` (me, none or a staff account id), `q` (words of the address, the '
  + "household's or visitor's name, or of the messages).";

/**
 * The team inbox in the console (issue 17): reads with chat.read (conversations are personal data: audited), changes
 * with chat.answer (audited in their transactions). A conversation of another customer or of a project the caller
 * does not reach answers the guard's 404.
 */
export const chatInboxRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { chatInbox } = services;
  const conversation = access.conversation('conversationId');
  const answer = (action: string) => access.console('chat.answer', conversation, { action });

  app.get(staffInboxPaths.list, {
    config: { access: access.console('chat.read', undefined, { personalData: true, action: 'inbox-read' }) },
    schema: {
      tags, summary: 'The conversations of every project the caller reaches (residents and visitors), newest first',
      description: `Keyset-paged (\`before\`: the last conversation held; \`limit\` up to 100; X-Has-More). ${FILTERS}`,
      querystring: ZInboxListQuery, security, response: { 200: pagedAnswer(ZInboxList), ...errors },
    },
  }, async (request, reply) => {
    const page = await chatInbox.list(staffOf(request), request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore)).header('cache-control', 'no-store');
    return page.items;
  });

  app.get(staffInboxPaths.export, {
    config: { access: access.console('chat.read', undefined, { personalData: true, action: 'inbox-export' }) },
    schema: {
      tags, summary: 'The inbox as filtered, as CSV or XLSX (the conversations, not their messages)', description: FILTERS,
      querystring: ZInboxExportQuery, security, produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: z.any().describe('The file'), ...errors },
    },
  }, async (request, reply) => {
    const { format, ...filter } = request.query;
    const file = await chatInbox.export(staffOf(request), filter, format);
    return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store').send(file.body);
  });

  app.get(staffInboxPaths.conversation, {
    config: { access: access.console('chat.read', conversation, { personalData: true, action: 'conversation-read' }) },
    schema: {
      tags, summary: "One conversation with its messages, the team's private notes and the address's context",
      description: "Messages paged as the resident's chat (`before`: the oldest held; X-Has-More); the first page marks the resident's messages read. "
        + 'Context: the household, its open form entries, its appointments and its consent (null for a visitor).',
      params: ZConversationIdParams, querystring: ZPagedLanguageQuery, security, response: { 200: pagedAnswer(ZInboxConversationDetail), ...errors },
    },
  }, async (request, reply) => {
    const page = await chatInbox.detail(staffOf(request), request.params.conversationId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore)).header('cache-control', 'no-store');
    return page.items[0]!;
  });

  app.post(staffInboxPaths.messages, {
    config: { access: answer('chat-answer') },
    schema: {
      tags, summary: "Answers as the team member; the resident hears of it by e-mail when it is still unread a minute later (at most once an hour)",
      params: ZConversationIdParams, body: ZInboxAnswerBody, security,
      response: { 200: z.object({ conversation: ZInboxConversation, item: ZChatMessage }), ...errors },
    },
  }, async (request) => chatInbox.answer(staffOf(request), request.params.conversationId, request.body.message));

  app.post(staffInboxPaths.notes, {
    config: { access: answer('chat-note') },
    schema: {
      tags, summary: 'Adds a private note: shown in the console only, never to the resident, visitor or partner portal',
      params: ZConversationIdParams, body: ZNoteBody, security, response: { 200: ZChatNote, ...errors },
    },
  }, async (request) => chatInbox.addNote(staffOf(request), request.params.conversationId, request.body.note));

  app.put(staffInboxPaths.assignee, {
    config: { access: answer('chat-assign') },
    schema: {
      tags, summary: 'Assigns the conversation to a staff member who reaches its project (chat.answer), or to nobody (`user_id: null`)',
      description: 'Someone who does not reach the project: 422.',
      params: ZConversationIdParams, body: ZAssigneeBody, security, response: { 200: ZInboxConversation, ...errors },
    },
  }, async (request) => chatInbox.assign(staffOf(request), request.params.conversationId, request.body.user_id));

  app.get(staffInboxPaths.assignees, {
    config: { access: access.console('chat.read', conversation) },
    schema: {
      tags, summary: 'Who the conversation can be assigned to: the staff who reach its project and may answer',
      params: ZConversationIdParams, security, response: { 200: ZInboxAssignees, ...errors },
    },
  }, async (request) => chatInbox.assignees(staffOf(request), request.params.conversationId));

  app.post(staffInboxPaths.close, {
    config: { access: answer('chat-close') },
    schema: {
      tags, summary: "Closes the conversation (a new message of the resident opens it again); closed already: 409",
      params: ZConversationIdParams, security, response: { 200: ZInboxConversation, ...writeErrors },
    },
  }, async (request) => chatInbox.close(staffOf(request), request.params.conversationId));

  app.post(staffInboxPaths.reopen, {
    config: { access: answer('chat-reopen') },
    schema: {
      tags, summary: "Reopens a closed conversation: 'open' when the resident spoke last, else 'waiting'; not closed: 409",
      params: ZConversationIdParams, security, response: { 200: ZInboxConversation, ...writeErrors },
    },
  }, async (request) => chatInbox.reopen(staffOf(request), request.params.conversationId));

  app.get(staffInboxPaths.answerTimes, {
    config: { access: access.console('chat.read', access.project('projectId')) },
    schema: {
      tags, summary: "The project's time to first answer (average and median, seconds) and its conversations per state",
      params: ZInboxProjectParams, security, response: { 200: ZAnswerTimes, ...errors },
    },
  }, async (request) => chatInbox.answerTimes(staffOf(request), request.params.projectId));

  app.get(staffInboxPaths.savedReplies, {
    config: { access: access.console('chat.read') },
    schema: { tags, summary: "The customer's saved replies, by title", security, response: { 200: ZSavedReplies, ...errors } },
  }, async (request) => chatInbox.savedReplies(staffOf(request)));

  app.post(staffInboxPaths.savedReplies, {
    config: { access: access.console('chat.answer', undefined, { action: 'saved-reply-create' }) },
    schema: {
      tags, summary: 'Adds a saved reply; placeholders {voornaam}, {achternaam}, {naam}, {adres}, {project}, {medewerker} are filled in when inserted',
      description: 'A title the customer has already: 409.', body: ZSavedReplyBody, security, response: { 200: ZSavedReply, ...writeErrors },
    },
  }, async (request) => chatInbox.createSavedReply(staffOf(request), request.body));

  app.put(staffInboxPaths.savedReply, {
    config: { access: access.console('chat.answer', undefined, { action: 'saved-reply-update' }) },
    schema: { tags, summary: 'Changes a saved reply', params: ZSavedReplyParams, body: ZSavedReplyBody, security, response: { 200: ZSavedReply, ...writeErrors } },
  }, async (request) => chatInbox.updateSavedReply(staffOf(request), request.params.replyId, request.body));

  app.delete(staffInboxPaths.savedReply, {
    config: { access: access.console('chat.answer', undefined, { action: 'saved-reply-delete' }) },
    schema: { tags, summary: 'Removes a saved reply', params: ZSavedReplyParams, security, response: { 200: ZSuccess, ...errors } },
  }, async (request) => {
    await chatInbox.deleteSavedReply(staffOf(request), request.params.replyId);
    return { success: true };
  });

  app.get(staffInboxPaths.notification, {
    config: { access: access.console('chat.read') },
    schema: {
      tags, summary: "The customer's out-of-hours notice above the chat (the default of its projects)", security,
      response: { 200: ZStaffNotification, ...errors },
    },
  }, async (request) => chatInbox.notification(staffOf(request)));

  app.put(staffInboxPaths.notification, {
    config: { access: access.console('chat.answer', undefined, { action: 'chat-notification-update' }) },
    schema: {
      tags, summary: "Sets the customer's out-of-hours notice: always, never, or outside the opening days and hours (Europe/Amsterdam)",
      body: ZNotificationBody, security, response: { 200: ZStaffNotification, ...errors },
    },
  }, async (request) => chatInbox.setNotification(staffOf(request), request.body));
};
