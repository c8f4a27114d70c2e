import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError, ZChatBody, ZChatSendResponse, ZConversationParams, ZLanguageQuery, ZOccupantChat, ZOccupantQuery, ZPartnerChat,
  ZPartnerConversation, ZProjectChatsParams, ZPublicChat, ZPublicChatBody, ZPublicChatParams,
} from '@portal/contract';
import { sessionOf } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';

const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError, 429: ZApiError };
const security = [{ bearer: [] }];

/** A conversation is read fresh every time: its answers are never cached. */
const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
};

/** Chat ('Contact'): the resident's and the visitor's conversation, and the project team's inbox. */
export const chatRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { chat, guard } = services;

  app.get('/occupant/chat', {
    preHandler: [guard.occupant, noStore],
    schema: {
      tags: ['chat'], summary: "The address's conversation in the chosen project, oldest first, with the notification",
      description: "Marks the team's messages read for the address.", querystring: ZOccupantQuery, security, response: { 200: ZOccupantChat, ...errors },
    },
  }, async (request) => chat.occupantChat(sessionOf(request), request.query.project_id));

  app.post('/occupant/chat', {
    preHandler: guard.occupant,
    schema: {
      tags: ['chat'], summary: 'Sends a message from the address to the project team', querystring: ZOccupantQuery, body: ZChatBody, security,
      response: { 200: ZChatSendResponse, ...errors },
    },
  }, async (request) => chat.occupantSend(sessionOf(request), request.query.project_id, request.body.message));

  for (const url of ['/public/chat/:project_id', '/public/chat/:project_id/:unique']) {
    app.get(url, {
      preHandler: noStore,
      schema: {
        tags: ['chat'], summary: "A visitor's conversation; without a (known) visitor code a new one is issued",
        params: ZPublicChatParams, querystring: ZLanguageQuery, response: { 200: ZPublicChat, ...errors },
      },
    }, async (request) => chat.publicChat(request.params.project_id, request.params.unique, request.ip));

    app.post(url, {
      schema: {
        tags: ['chat'], summary: 'Sends a message as a public visitor (rate-limited per client and per visitor code)',
        params: ZPublicChatParams, body: ZPublicChatBody, response: { 200: ZChatSendResponse, ...errors },
      },
    }, async (request) => chat.publicSend(request.params.project_id, request.params.unique, request.body, request.ip));
  }

  app.get('/partner/project/:project_id/chats', {
    preHandler: [guard.staff, noStore],
    schema: {
      tags: ['chat'], summary: "The team's inbox of a project: unread first, then the newest", params: ZProjectChatsParams,
      querystring: ZLanguageQuery, security, response: { 200: z.array(ZPartnerConversation), ...errors },
    },
  }, async (request) => chat.partnerInbox(sessionOf(request), request.params.project_id));

  app.get('/partner/chat/:conversation_id', {
    preHandler: [guard.staff, noStore],
    schema: {
      tags: ['chat'], summary: "One conversation for the team; marks the resident's or visitor's messages read", params: ZConversationParams,
      querystring: ZLanguageQuery, security, response: { 200: ZPartnerChat, ...errors },
    },
  }, async (request) => chat.partnerConversation(sessionOf(request), request.params.conversation_id));

  app.post('/partner/chat/:conversation_id', {
    preHandler: guard.staff,
    schema: {
      tags: ['chat'], summary: 'Replies as the team member (from_user_name is their name)', params: ZConversationParams, body: ZChatBody, security,
      response: { 200: ZChatSendResponse, ...errors },
    },
  }, async (request) => chat.partnerSend(sessionOf(request), request.params.conversation_id, request.body.message));
};
