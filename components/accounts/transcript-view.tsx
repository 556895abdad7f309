import { useId, useState } from 'react';
import type { Transcript } from '@/lib/contract/ad-accounts';
import { ApiError, outcomeUnknown } from '@/lib/messaging/api-error';
import { ErrorNotice } from '../ui/error-notice';
import { RequestIdDetails } from '../ui/request-id-details';
import { formats } from '../ui/format';
import { useModal } from '../ui/use-modal';
import { useTranscript } from './use-account-ad';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/accounts';

/** Credits a transcript costs on a cache miss (the reference server's rate; not shown in the contract). */
export const TRANSCRIPT_CREDITS = 2;

function Highlighted({ text, term }: { text: string; term: string }) {
  if (!term) return <>{text}</>;
  const parts = text.split(new RegExp(`(${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'gi'));
  return (
    <>
      {parts.map((part, index) =>
        part.toLowerCase() === term.toLowerCase() ? <mark key={index}>{part}</mark> : <span key={index}>{part}</span>,
      )}
    </>
  );
}

function TranscriptText({ transcript }: { transcript: Transcript }) {
  const id = useId();
  const [term, setTerm] = useState('');
  const needle = term.trim();
  const segments =
    transcript.segments.length > 0
      ? transcript.segments
      : transcript.text !== null
        ? [{ start: null, end: null, text: transcript.text }]
        : [];
  if (segments.length === 0) {
    return (
      <p className="notice notice-warning" role="status">
        {t('accounts.transcript.unreadable')}
      </p>
    );
  }
  const matching = needle
    ? segments.filter((segment) => segment.text.toLowerCase().includes(needle.toLowerCase()))
    : segments;
  return (
    <div className="transcript">
      <div className="field">
        <label htmlFor={`${id}-find`}>{t('accounts.transcript.search')}</label>
        <input id={`${id}-find`} type="search" value={term} onChange={(event) => setTerm(event.target.value)} />
      </div>
      <p role="status" className="muted">
        {needle
          ? t('accounts.transcript.matching', {
              matching: formats.number(matching.length),
              count: formats.number(segments.length),
              term: needle,
            })
          : t('accounts.transcript.lines', { count: segments.length })}
      </p>
      <ol className="list-plain transcript-lines" aria-label={t('accounts.transcript.title')}>
        {matching.map((segment, index) => (
          <li key={`${segment.start ?? index}-${index}`}>
            {segment.start !== null ? <span className="muted">{formats.seconds(segment.start)} </span> : null}
            <Highlighted text={segment.text} term={needle} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * A video's transcript: the cached one when it exists (free), else Transcribe, which asks first
 * because it costs credits.
 */
export function TranscriptView({ accountId, videoId }: { accountId: string; videoId: string }) {
  const { cached, transcribe, lastError } = useTranscript(accountId, videoId);
  if (cached.isPending) return <p className="muted">{t('accounts.transcript.looking')}</p>;
  if (cached.isError) {
    return (
      <ErrorNotice
        title={t('accounts.transcript.readFailed')}
        error={cached.error}
        onRetry={() => void cached.refetch()}
      />
    );
  }
  if (cached.data) return <TranscriptText transcript={cached.data} />;
  return <TranscribeOffer cached={cached} transcribe={transcribe} lastError={lastError} />;
}

/**
 * No transcript yet: Transcribe, asked first. When a transcription's answer is lost, the worker
 * has already looked in the cache; the view says the work may still be running and offers a
 * free check before another paid attempt.
 */
function TranscribeOffer({ cached, transcribe, lastError }: ReturnType<typeof useTranscript>) {
  const [asking, setAsking] = useState(false);
  const [checks, setChecks] = useState(0);
  const failure = lastError !== null && !transcribe.isPending ? ApiError.from(lastError) : null;
  const mayBeRunning = failure !== null && outcomeUnknown(failure);
  return (
    <div className="transcript-missing">
      <p className="muted">{t('accounts.transcript.none')}</p>
      {mayBeRunning ? (
        <div className="notice notice-warning" role="status">
          <p>
            <strong>{t('accounts.transcript.noAnswer')}</strong> {t('accounts.transcript.noAnswerBody')}
          </p>
          <div className="notice-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={cached.isFetching}
              onClick={() => {
                setChecks((count) => count + 1);
                void cached.refetch();
              }}
            >
              {cached.isFetching ? t('accounts.transcript.checking') : t('accounts.transcript.check')}
            </button>
          </div>
          {checks > 0 && !cached.isFetching ? (
            <p className="muted">{t('accounts.transcript.notYet', { checks })}</p>
          ) : null}
          <RequestIdDetails requestId={failure.requestId} />
        </div>
      ) : null}
      <button type="button" className="btn" disabled={transcribe.isPending} onClick={() => setAsking(true)}>
        {transcribe.isPending
          ? t('accounts.transcript.transcribing')
          : mayBeRunning
            ? t('accounts.transcript.transcribeAgain', { credits: TRANSCRIPT_CREDITS })
            : t('accounts.transcript.transcribe', { credits: TRANSCRIPT_CREDITS })}
      </button>
      {failure && !mayBeRunning ? <ErrorNotice title={t('accounts.transcript.failed')} error={failure} /> : null}
      {asking ? (
        <ConfirmTranscribe
          mayBeRunning={mayBeRunning}
          onClose={() => setAsking(false)}
          onConfirm={() => {
            setChecks(0);
            transcribe.mutate();
          }}
        />
      ) : null}
    </div>
  );
}

/** The question before a paid transcription, as a modal dialog. */
function ConfirmTranscribe(props: { mayBeRunning: boolean; onClose: () => void; onConfirm: () => void }) {
  const dialog = useModal(true);
  const titleId = useId();
  return (
    <dialog ref={dialog} aria-labelledby={titleId} className="confirm-dialog" onClose={props.onClose}>
      <h3 id={titleId}>{t('accounts.transcript.confirm.title')}</h3>
      <p>{t('accounts.transcript.confirm.body', { credits: TRANSCRIPT_CREDITS })}</p>
      {props.mayBeRunning ? (
        <p>
          <strong>{t('accounts.transcript.confirm.running')}</strong> {t('accounts.transcript.confirm.runningBody')}
        </p>
      ) : null}
      <div className="notice-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            dialog.current?.close();
            props.onConfirm();
          }}
        >
          {t('accounts.transcript.confirm.yes', { credits: TRANSCRIPT_CREDITS })}
        </button>
        <button type="button" className="btn" onClick={() => dialog.current?.close()}>
          {t('accounts.transcript.confirm.cancel')}
        </button>
      </div>
    </dialog>
  );
}
