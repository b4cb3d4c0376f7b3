import {
  type SimAnswer,
  type SimOptions,
  type SimRequest,
  type Simulator,
  simTranslate,
  startSimServer,
} from './sim-server.js';

/** The API key the chat-completions simulator accepts. */
export const OPENAI_SIM_KEY = 'sim-openai-key';

const oaiError = (status: number, message: string, type: string, code: string | null): SimAnswer => ({
  status,
  body: { error: { message, type, param: null, code } },
});

/**
 * OpenAI-compatible chat-completions simulator: `POST /v1/chat/completions` with a Bearer key,
 * `{model, messages}`; the last user message must be a JSON array of strings, the target
 * language is read from the system prompt ("into <Language>"). Answers a JSON array.
 */
export function handleOpenAi(r: SimRequest): SimAnswer {
  if (r.method !== 'POST' || r.path !== '/v1/chat/completions')
    return oaiError(404, 'Not found', 'invalid_request_error', null);
  if (r.headers.authorization !== `Bearer ${OPENAI_SIM_KEY}`) {
    return oaiError(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
  }
  const b = r.body as { model?: unknown; messages?: { role?: unknown; content?: unknown }[] } | null;
  if (typeof b?.model !== 'string' || !b.model)
    return oaiError(400, 'you must provide a model parameter', 'invalid_request_error', null);
  if (
    !Array.isArray(b.messages) ||
    b.messages.some((m) => typeof m.role !== 'string' || typeof m.content !== 'string')
  ) {
    return oaiError(400, "'messages' is a required property", 'invalid_request_error', null);
  }
  const system = String(b.messages.find((m) => m.role === 'system')?.content ?? '');
  const user = [...b.messages].reverse().find((m) => m.role === 'user');
  let texts: unknown;
  try {
    texts = JSON.parse(String(user?.content ?? ''));
  } catch {
    texts = null;
  }
  const lang = system.match(/ into ([A-Za-z ()]+?)\./)?.[1] ?? 'xx';
  const content = Array.isArray(texts)
    ? JSON.stringify(texts.map((t) => simTranslate(String(t), lang.slice(0, 2))))
    : 'Sorry, I can only translate JSON arrays.';
  return {
    status: 200,
    body: {
      id: `chatcmpl-sim-${r.bytes}`,
      object: 'chat.completion',
      model: b.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: r.bytes, completion_tokens: content.length, total_tokens: r.bytes + content.length },
    },
  };
}

/** Starts the chat-completions simulator on 127.0.0.1. */
export const startOpenAiSimulator = (opts: SimOptions = {}): Promise<Simulator> => startSimServer(handleOpenAi, opts);
