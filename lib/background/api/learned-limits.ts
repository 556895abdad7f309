import type { Query, QueryValue } from '../../contract/path';
import { factsOf, serviceFactsItem, type ServiceFacts, serviceKey, updateFacts } from '../../storage/service-facts';
import { couldNot } from '../could-not';

/**
 * What the transport learns from a service's refusals, and how it reads it back: the largest
 * value it takes for a query parameter (`page_size` 50), and the search filters it does not take
 * at all (`platform`, `status`). Kept per service in lib/storage/service-facts.ts.
 */
export interface ServiceFactsAccess {
  read(baseUrl: string): Promise<ServiceFacts>;
  learnMax(baseUrl: string, param: string, max: number): Promise<ServiceFacts>;
  learnRefused(baseUrl: string, params: readonly string[], message: string): Promise<ServiceFacts>;
  /** Calls back when the stored facts change (another client learned, or everything was erased). */
  watch?(onChange: () => void): () => void;
}

const MAX_REFUSED = 20;
const MAX_REFUSED_MESSAGE = 300;
const MAX_PARAM_CHARS = 64;

/** The facts in extension storage, as the background's transports use them. */
export const storedServiceFacts: ServiceFactsAccess = {
  read: factsOf,
  learnMax: (baseUrl, param, max) =>
    updateFacts(baseUrl, (facts) => ({ ...facts, maxima: { ...facts.maxima, [param]: max } })),
  learnRefused: (baseUrl, params, message) =>
    updateFacts(baseUrl, (facts) => ({
      ...facts,
      refusedParams: [...new Set([...(facts.refusedParams ?? []), ...params])].slice(-MAX_REFUSED),
      refusedParamsMessage: message.slice(0, MAX_REFUSED_MESSAGE),
    })),
  watch: (onChange) => serviceFactsItem.watch(() => onChange()),
};

/** The optional filters a search may carry that a service can refuse by name: dropped for it from then on. */
export const REFUSABLE_FILTERS = ['platform', 'status'] as const;

/** The searches that carry those filters: the ad library's and a catalogue brand's ads. */
const FILTERED_PATHS = [/^\/open\/v1\/ad-library\/search$/, /^\/open\/v1\/brand-library\/[^/]+\/ads$/];
const takesFilters = (path: string) => FILTERED_PATHS.some((pattern) => pattern.test(path));

/**
 * How a refusal names a parameter's upper bound, after the parameter's name in the same clause:
 * "between 1 and 50", "<= 50", "at most 50", "less than or equal to 50", "exceeds the maximum
 * of 50", "must not exceed 50", "maximum is 50", "no more than 50". The "≤" is written as the
 * pattern's escape, which keeps the built worker ASCII (a raw template is left as written).
 */
const BOUND =
  String.raw`(?:between\s+-?\d+\s+and\s+(\d+)` +
  String.raw`|(?:<=|=<|\u2264|at\s+most|less\s+than\s+or\s+equal\s+to|no\s+(?:more|greater|larger)\s+than` +
  String.raw`|not\s+(?:be\s+)?(?:more|greater|larger)\s+than|(?:must\s+not|cannot|can't|may\s+not|should\s+not)\s+exceed` +
  String.raw`|exceeds?\s+(?:the\s+)?(?:maximum|max|limit)(?:\s+value)?(?:\s+of|\s+is)?:?` +
  String.raw`|(?:maximum|max)(?:\s+value)?(?:\s+is|\s+of)?:?)\s*(\d+))(?![.,]?\d)`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The upper bound a message gives `param`, if it names one. */
export function boundIn(message: string, param: string): number | undefined {
  const match = new RegExp(String.raw`(?<![\w-])${escapeRegExp(param)}(?![\w-])[^.;\n]{0,60}?${BOUND}`, 'i').exec(
    message,
  );
  const bound = Number(match?.[1] ?? match?.[2]);
  return Number.isSafeInteger(bound) && bound > 0 ? bound : undefined;
}

const numberOf = (value: QueryValue): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
};

const carries = (query: Query, param: string) => query[param] !== undefined && query[param] !== null;

/** What one refusal taught: bounds for parameters the request carried above them, and filters the service refused. */
export interface Lesson {
  maxima: Record<string, number>;
  refused: string[];
  message: string;
}

/**
 * What a 40001's message teaches about the request that met it: a bound named for a parameter
 * it carried with a larger value, or (on a search) a filter it carried named at all. Null when
 * it teaches nothing, and the refusal goes to the caller as it is.
 */
export function lessonOf(path: string, query: Query | undefined, message: string): Lesson | null {
  if (!query) return null;
  const maxima: Record<string, number> = {};
  for (const param of Object.keys(query)) {
    const value = numberOf(query[param]);
    if (value === undefined || param.length > MAX_PARAM_CHARS) continue;
    const bound = boundIn(message, param);
    if (bound !== undefined && value > bound) maxima[param] = bound;
  }
  const refused = takesFilters(path)
    ? REFUSABLE_FILTERS.filter(
        (param) =>
          carries(query, param) &&
          !(param in maxima) &&
          new RegExp(String.raw`(?<![\w-])${param}(?![\w-])`, 'i').test(message),
      )
    : [];
  if (Object.keys(maxima).length === 0 && refused.length === 0) return null;
  return { maxima, refused, message };
}

/** The query as a service takes it: every learned maximum applied, and (on a search) no refused filter. */
export function fitQuery(path: string, query: Query | undefined, facts: ServiceFacts): Query | undefined {
  if (!query) return query;
  const refused = takesFilters(path) ? new Set(facts.refusedParams ?? []) : new Set<string>();
  const maxima = facts.maxima ?? {};
  const fitted: Record<string, QueryValue> = {};
  for (const [param, value] of Object.entries(query)) {
    if (refused.has(param)) continue;
    const max = Object.hasOwn(maxima, param) ? maxima[param] : undefined;
    const number = numberOf(value);
    fitted[param] =
      max !== undefined && number !== undefined && number > max
        ? typeof value === 'number'
          ? max
          : String(max)
        : value;
  }
  return fitted;
}

/** A lesson's facts merged into what was known, as the transport keeps them in memory. */
export function withLesson(facts: ServiceFacts, lesson: Lesson): ServiceFacts {
  return {
    ...facts,
    ...(Object.keys(lesson.maxima).length > 0 ? { maxima: { ...facts.maxima, ...lesson.maxima } } : {}),
    ...(lesson.refused.length > 0
      ? {
          refusedParams: [...new Set([...(facts.refusedParams ?? []), ...lesson.refused])].slice(-MAX_REFUSED),
          refusedParamsMessage: lesson.message.slice(0, MAX_REFUSED_MESSAGE),
        }
      : {}),
  };
}

/**
 * One transport's memory of the facts, so a request pays no storage read: read once per
 * service, replaced when the transport learns, dropped when the stored facts change.
 */
export function factsMemory(access: ServiceFactsAccess) {
  const known = new Map<string, Promise<ServiceFacts>>();
  let watching = false;
  return {
    read(baseUrl: string): Promise<ServiceFacts> {
      if (!watching && access.watch) {
        access.watch(() => known.clear());
        watching = true;
      }
      const key = serviceKey(baseUrl);
      let facts = known.get(key);
      if (!facts) {
        const reading = access.read(baseUrl).catch((error: unknown) => {
          // Unreadable now: the request goes as asked, and the next one reads again.
          if (known.get(key) === reading) known.delete(key);
          couldNot('read what it learned of the service')(error);
          return {} satisfies ServiceFacts;
        });
        facts = reading;
        known.set(key, facts);
      }
      return facts;
    },
    /** Keeps a lesson: in memory at once, then in storage (a failure to store still leaves this transport taught). */
    async learn(baseUrl: string, lesson: Lesson): Promise<void> {
      const key = serviceKey(baseUrl);
      const taught = withLesson(await this.read(baseUrl), lesson);
      known.set(key, Promise.resolve(taught));
      try {
        let stored: ServiceFacts | undefined;
        for (const [param, max] of Object.entries(lesson.maxima)) stored = await access.learnMax(baseUrl, param, max);
        if (lesson.refused.length > 0) stored = await access.learnRefused(baseUrl, lesson.refused, lesson.message);
        if (stored) known.set(key, Promise.resolve(stored));
      } catch (error) {
        couldNot('keep what it learned of the service')(error);
      }
    },
  };
}
