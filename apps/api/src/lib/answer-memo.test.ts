import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAnswerMemo, jsonText, sendJsonText } from './answer-memo.ts';

const ZAnswer = z.object({ name: z.string(), link: z.string().nullable() });
type Answer = z.infer<typeof ZAnswer>;

describe('a heavy read’s answer kept with what it is made of', () => {
  it('is made once per owner and key, and anew for another key or another owner', () => {
    const memo = createAnswerMemo(ZAnswer);
    let made = 0;
    const make = (name: string) => (): Answer => { made++; return { name, link: null }; };
    const figures = {};
    const first = memo(figures, 'a', make('Blok 1'));
    expect(memo(figures, 'a', make('Blok 2'))).toBe(first);
    expect(made).toBe(1);
    expect(JSON.parse(memo(figures, 'b', make('Blok 2')).json)).toEqual({ name: 'Blok 2', link: null });
    expect(JSON.parse(memo({}, 'b', make('Blok 3')).json)).toEqual({ name: 'Blok 3', link: null });
    expect(made).toBe(3);
  });

  it('validates as the route’s serialiser does: no unknown field leaves, a wrong answer is refused', () => {
    const memo = createAnswerMemo(ZAnswer);
    const extra = { name: 'Blok 1', link: null, secret: 'x' } as Answer;
    expect(JSON.parse(memo({}, 'a', () => extra).json)).toEqual({ name: 'Blok 1', link: null });
    expect(() => memo({}, 'a', () => ({ name: 1 }) as unknown as Answer)).toThrow();
  });

  it('never keeps an answer with a file link (links are signed per session)', () => {
    const memo = createAnswerMemo(ZAnswer);
    let made = 0;
    const owner = {};
    const make = (): Answer => { made++; return { name: 'Brief', link: '/api/files/7/brief.pdf' }; };
    memo(owner, 'a', make);
    memo(owner, 'a', make);
    expect(made).toBe(2);
  });

  it('goes out as JSON text, past the route’s serialiser', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.get('/a', { schema: { response: { 200: ZAnswer } } }, async (_request, reply) => sendJsonText(reply, jsonText(ZAnswer, { name: 'Blok 1', link: null })));
    const res = await app.inject({ method: 'GET', url: '/a' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ name: 'Blok 1', link: null });
    await app.close();
  });
});
