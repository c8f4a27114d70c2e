import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HAS_MORE_HEADER, pagedAnswer, ZApiError, ZChatBody, ZChatSendResponse, ZConversationParams, ZOccupantChat, ZOccupantQuery,
  ZPagedLanguageQuery, ZPagedOccupantQuery, ZPartnerChat, ZPartnerConversation, ZProjectChatsParams, ZPublicChat, ZPublicChatBody,
  ZPublicChatParams,
} from '@portal/contract';
import { sessionOf } from '../../plugins/auth.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError, 429: ZApiError };
const security = [{ bearer: [] }];

/** A conversation is read fresh every time: its answers are never cached. */
const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
};

/** A paged read's answer: the body, and X-Has-More saying whether more (older) items remain (paging.ts). */
function paged<T>(reply: FastifyReply, page: { hasMore: boolean }, body: T): T {
  void reply.header(HAS_MORE_HEADER, String(page.hasMore));
  return body;
}
const paging = 'Paged: the newest 50 messages (`limit`, at most 100), oldest first; with `before` (the oldest message held) the ones '
  + 'before it. X-Has-More tells whether older messages remain.';

/** Chat ('Contact'): the resident's and the visitor's conversation, and the project team's inbox. */
export const chatRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { chat } = services;

  app.get('/occupant/chat', {
    config: { access: access.resident({ personalData: true }) },
    preHandler: noStore,
    schema: {
      tags: ['chat'], summary: "The address's conversation in the chosen project, oldest first, with the notification",
      description: `${paging} The first page marks the team's messages read for the address.`, querystring: ZPagedOccupantQuery, security,
      response: { 200: pagedAnswer(ZOccupantChat), ...errors },
    },
  }, async (request, reply) => {
    const { project_id: projectId, before, limit } = request.query;
    const page = await chat.occupantChat(sessionOf(request), projectId, { before, limit });
    return paged(reply, page, page.answer);
  });

  app.post('/occupant/chat', {
    config: { access: access.resident({ personalData: true }) },
    schema: {
      tags: ['chat'], summary: 'Sends a message from the address to the project team', querystring: ZOccupantQuery, body: ZChatBody, security,
      response: { 200: ZChatSendResponse, ...errors },
    },
  }, async (request) => chat.occupantSend(sessionOf(request), request.query.project_id, request.body.message));

  // A visitor's chat answers for the host's customer only (plugins/public-scope.ts).
  const publicChat = { publicScope: { kind: 'project', param: 'project_id' } } as const;
  for (const url of ['/public/chat/:project_id', '/public/chat/:project_id/:unique']) {
    app.get(url, {
      config: { access: access.public, ...publicChat },
      preHandler: noStore,
      schema: {
        tags: ['chat'], summary: "A visitor's conversation; without a (known) visitor code a new one is issued", description: paging,
        params: ZPublicChatParams, querystring: ZPagedLanguageQuery, response: { 200: pagedAnswer(ZPublicChat), ...errors },
      },
    }, async (request, reply) => {
      const { before, limit } = request.query;
      const page = await chat.publicChat(request.params.project_id, request.params.unique, request.ip, { before, limit });
      return paged(reply, page, page.answer);
    });

    app.post(url, {
      config: { access: access.public, ...publicChat },
      schema: {
        tags: ['chat'], summary: 'Sends a message as a public visitor (rate-limited per client and per visitor code)',
        params: ZPublicChatParams, body: ZPublicChatBody, response: { 200: ZChatSendResponse, ...errors },
      },
    }, async (request) => chat.publicSend(request.params.project_id, request.params.unique, request.body, request.ip));
  }

  app.get('/partner/project/:project_id/chats', {
    config: { access: access.partner('chat.read', access.project('project_id'), { personalData: true }) },
    preHandler: noStore,
    schema: {
      tags: ['chat'], summary: "The team's inbox of a project: unread first, then the newest", params: ZProjectChatsParams,
      description: 'Paged: the first 50 conversations (`limit`, at most 100); with `before` (the last conversation held) the next ones. '
        + 'X-Has-More tells whether more follow.',
      querystring: ZPagedLanguageQuery, security, response: { 200: pagedAnswer(z.array(ZPartnerConversation)), ...errors },
    },
  }, async (request, reply) => {
    const { before, limit } = request.query;
    const page = await chat.partnerInbox(sessionOf(request), request.params.project_id, { before, limit });
    return paged(reply, page, page.items);
  });

  app.get('/partner/chat/:conversation_id', {
    config: { access: access.partner('chat.read', access.conversation('conversation_id'), { personalData: true }) },
    preHandler: noStore,
    schema: {
      tags: ['chat'], summary: "One conversation for the team; its first page marks the resident's or visitor's messages read",
      description: paging, params: ZConversationParams, querystring: ZPagedLanguageQuery, security, response: { 200: pagedAnswer(ZPartnerChat), ...errors },
    },
  }, async (request, reply) => {
    const { before, limit } = request.query;
    const page = await chat.partnerConversation(sessionOf(request), request.params.conversation_id, { before, limit });
    return paged(reply, page, page.answer);
  });

  app.post('/partner/chat/:conversation_id', {
    config: { access: access.partner('chat.answer', access.conversation('conversation_id'), { action: 'chat-answer' }) },
    schema: {
      tags: ['chat'], summary: 'Replies as the team member (from_user_name is their name)', params: ZConversationParams, body: ZChatBody, security,
      response: { 200: ZChatSendResponse, ...errors },
    },
  }, async (request) => chat.partnerSend(sessionOf(request), request.params.conversation_id, request.body.message));
};
