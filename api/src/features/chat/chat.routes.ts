import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { forbidden, HttpError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { validate } from '../../lib/validate';
import { toPublicChatbotConfig } from '../public/toPublicChatbotConfig';
import {
  createSessionRequestSchema,
  feedbackRequestSchema,
  identifyRequestSchema,
  selectOptionRequestSchema,
  sendMessageRequestSchema,
  streamRequestSchema,
  submitFormRequestSchema,
} from '@parley/contracts/schemas';
import { rateAnswer } from './answerFeedback';
import { messageParamSchema, sessionParamSchema } from './chat.schemas';
import { listMessages, openSession, toChatSession, visitorSession, type Caller } from './chat.service';
import { selectOption, submitForm } from './chatForms.service';
import { identifyVisitor } from './chatIdentity.service';
import { limitChatCall, limitDailyMessages, limitNewSession } from './chatRateLimit';
import { MODEL_ERROR_MESSAGE, runTurn } from './chatTurn';
import { createSseWriter } from './sseWriter';

/**
 * `/api/chat/*` for visitors, mounted in the public API (CORS, no cookies): the session id is
 * the credential and reads only its own conversation. Writes are rate limited per address and
 * per session, new sessions per address, answered messages per address and bot per day (the
 * daily ones and the monthly quota spare the owner's test sessions).
 */
export const chatRoutes = new Hono()
  .post('/session', validate('json', createSessionRequestSchema), async (c) => {
    await limitChatCall(c);
    const body = c.req.valid('json');
    const { session, bot, created } = await openSession(body.sessionId, body.chatbotConfigId, opener(c), body.testToken);
    return c.json(toChatSession(session, bot), created ? 201 : 200);
  })
  .get('/:sessionId/messages', validate('param', sessionParamSchema), async (c) => {
    const { session } = await visitorSession(c.req.valid('param').sessionId, undefined, caller(c));
    return c.json(await listMessages(session.sessionId), 200);
  })
  .post('/:sessionId/messages', validate('param', sessionParamSchema), validate('json', sendMessageRequestSchema), async (c) => {
    const { sessionId } = c.req.valid('param');
    await limitChatCall(c, sessionId);
    const body = c.req.valid('json');
    const { session, bot } = await visitorSession(sessionId, undefined, caller(c));
    await limitDailyMessages(c, bot, session);
    const result = await runTurn({ bot, session, content: body.content, messageType: body.messageType }, () => {});
    if (result.outcome === 'limit_exceeded' || result.outcome === 'chatbot_inactive') {
      throw forbidden(result.outcome === 'limit_exceeded' ? 'This chatbot has reached its message limit' : 'Chatbot is currently inactive', {
        reason: result.outcome,
        showContactForm: true,
        chatbotConfig: toPublicChatbotConfig(bot),
      });
    }
    if (result.outcome === 'error') throw new HttpError(502, MODEL_ERROR_MESSAGE);
    return c.json(result.messages, 200);
  })
  .post('/:sessionId/messages/stream', validate('param', sessionParamSchema), validate('json', streamRequestSchema), async (c) => {
    const { sessionId } = c.req.valid('param');
    await limitChatCall(c, sessionId);
    const body = c.req.valid('json');
    const { session, bot } = await visitorSession(sessionId, body.chatbotConfigId, opener(c), { create: true, testToken: body.testToken });
    await limitDailyMessages(c, bot, session);
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const sse = createSseWriter(stream);
      // Opens the stream at once, so the client and any proxy see the turn accepted before
      // retrieval and the model have even started. streamSSE runs this callback before the
      // response is handed to the server, so the turn waits one event-loop turn: otherwise its
      // synchronous work (quota, storing the message, retrieval) would delay the first byte.
      sse.comment('ok');
      await new Promise<void>((resolve) => setImmediate(resolve));
      try {
        await runTurn(
          { bot, session, content: body.content, messageType: body.messageType, internalMessage: body.internalMessage },
          sse.send,
        );
      } catch (error) {
        logger.error('chat stream failed', { sessionId, error: String(error) });
        sse.send({ type: 'error', message: MODEL_ERROR_MESSAGE });
        sse.send({ type: 'end' });
      }
      await sse.end();
    });
  })
  .post('/:sessionId/select-option', validate('param', sessionParamSchema), validate('json', selectOptionRequestSchema), async (c) => {
    const { sessionId } = c.req.valid('param');
    await limitChatCall(c, sessionId);
    const { session } = await visitorSession(sessionId, undefined, caller(c));
    return c.json(await selectOption(session, c.req.valid('json')), 200);
  })
  .post('/:sessionId/submit-form', validate('param', sessionParamSchema), validate('json', submitFormRequestSchema), async (c) => {
    const { sessionId } = c.req.valid('param');
    await limitChatCall(c, sessionId);
    const { session, bot } = await visitorSession(sessionId, undefined, caller(c));
    return c.json(await submitForm(session, bot, c.req.valid('json')), 200);
  })
  .post('/:sessionId/messages/:messageId/feedback', validate('param', messageParamSchema), validate('json', feedbackRequestSchema), async (c) => {
    const { sessionId, messageId } = c.req.valid('param');
    await limitChatCall(c, sessionId);
    const { session } = await visitorSession(sessionId, undefined, caller(c));
    return c.json(await rateAnswer(session, messageId, c.req.valid('json').rating), 200);
  })
  // Verified identity: labels the conversation with the site's signed-in user when the hash
  // proves it (401 bad_user_hash otherwise, 409 identity_mismatch for another user's session).
  .post('/:sessionId/identify', validate('param', sessionParamSchema), validate('json', identifyRequestSchema), async (c) => {
    const { sessionId } = c.req.valid('param');
    await limitChatCall(c, sessionId);
    const { session, bot } = await visitorSession(sessionId, undefined, caller(c));
    return c.json(await identifyVisitor(session, bot, c.req.valid('json')), 200);
  });

function caller(c: Context): Caller {
  return { origin: c.req.header('origin'), host: c.req.header('host') };
}

/** A caller that may open a session: a new one counts against the address's limit. */
function opener(c: Context): Caller {
  return { ...caller(c), beforeCreate: () => limitNewSession(c) };
}
