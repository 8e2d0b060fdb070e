import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import type { ChatMessage } from '../../llm/index.js';

/**
 * Fitting a question into the chat model's context window (the catalog's `max_input_tokens`): the instructions and
 * the question always, room for the answer, then as many earlier turns as fit (newest first), then the retrieved
 * sources in rank order. Tokens are counted with cl100k_base, the encoding the chunker counts with: exact for OpenAI's
 * older models, close for the others, so a tenth of the window is kept in reserve for the difference.
 */

/** When the catalog does not know a model's window. */
const DEFAULT_CONTEXT_TOKENS = 8192;
/** Room for the answer when the request does not set max_tokens (less when the model writes less). */
export const DEFAULT_ANSWER_TOKENS = 2048;
/** Share of the window left unused: other tokenizers count more tokens than cl100k for the same text. */
export const TOKENIZER_MARGIN = 0.1;
/** The chat format's own tokens per message (role, separators). */
const PER_MESSAGE = 4;
/** History is given at most this share of what is left after the instructions, question and answer. */
const HISTORY_SHARE = 0.4;

export interface ContextInput<S> {
  contextTokens: number | null;
  /** max_tokens of the request, else DEFAULT_ANSWER_TOKENS capped by the model's own maximum. */
  answerTokens: number;
  instructions: string;
  question: string;
  /** Earlier turns, oldest first. */
  history: readonly ChatMessage[];
  /** Best first. */
  sources: readonly S[];
  /** The source as the model reads it, numbered `n`. */
  block(source: S, n: number): string;
}

export interface ContextPlan<S> {
  history: ChatMessage[];
  /** What goes to the model, numbered from 1 in rank order. */
  packed: { source: S; n: number; block: string }[];
  /** Retrieved but left out: they did not fit. */
  left: S[];
  /** Tokens the sources could use, and used. */
  budget: number;
  used: number;
}

const tokensOf = (text: string) => countTokens(text) + PER_MESSAGE;

/** The answer room for a request: its max_tokens, else the default capped by what the model can write. */
export function answerRoom(maxTokens: number | undefined, modelMaxOutput: number | null): number {
  if (maxTokens !== undefined) return maxTokens;
  return Math.min(DEFAULT_ANSWER_TOKENS, modelMaxOutput ?? DEFAULT_ANSWER_TOKENS);
}

/**
 * Plans the prompt; null when even the instructions, the question and the answer room do not fit the window (the
 * caller answers 422: the question is too long for the model).
 */
export function planContext<S>(input: ContextInput<S>): ContextPlan<S> | null {
  const window = input.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
  const usable = Math.floor(window * (1 - TOKENIZER_MARGIN)) - input.answerTokens;
  // The question message also carries the <sources> wrapper: counted with the question.
  let left = usable - tokensOf(input.instructions) - tokensOf(`<sources>\n</sources>\n\nQuestion: ${input.question}`);
  if (left < 0) return null;

  const history: ChatMessage[] = [];
  let historyRoom = Math.floor(left * HISTORY_SHARE);
  for (let i = input.history.length - 1; i >= 0; i--) {
    const cost = tokensOf(input.history[i].content);
    if (cost > historyRoom) break; // older turns only make sense with the newer ones
    history.unshift(input.history[i]);
    historyRoom -= cost;
    left -= cost;
  }

  const budget = left;
  const packed: ContextPlan<S>['packed'] = [];
  const skipped: S[] = [];
  for (const source of input.sources) {
    const n = packed.length + 1;
    const block = input.block(source, n);
    const cost = countTokens(block) + 1; // + the newline that joins blocks
    if (cost > left) {
      skipped.push(source); // a shorter one further down may still fit
      continue;
    }
    packed.push({ source, n, block });
    left -= cost;
  }
  return { history, packed, left: skipped, budget, used: budget - left };
}
