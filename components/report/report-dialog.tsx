import { useId, useState } from 'react';
import { t } from '@/lib/i18n';
import { formatNumber, formats } from '../ui/format';
import { reasonList } from '../ui/media-words';
import { rich } from '../ui/rich';
import { useModal } from '../ui/use-modal';
import { AskStep } from './ask-step';
import { type ReadyReport, type ReportSource, useReportFlow } from './use-report-flow';
import './report.css';
import 'virtual:adscope-english/report';

export type { ReportSource } from './use-report-flow';

/** Builds an offline HTML report: reads the ads, asks before fetching any creative, then offers the file with its size. */
export function ReportDialog({ source, onClose }: { source: ReportSource | null; onClose: () => void }) {
  const ref = useModal(source !== null);
  const [attempt, setAttempt] = useState(0);
  return (
    <dialog ref={ref} className="dialog report-dialog" aria-label={t('report.dialog.label')} onClose={onClose}>
      {source ? (
        <ReportFlow key={attempt} source={source} onDone={onClose} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
    </dialog>
  );
}

function ReportFlow({ source, onDone, onRetry }: { source: ReportSource; onDone: () => void; onRetry: () => void }) {
  const id = useId();
  const flow = useReportFlow(source);
  const { phase } = flow;
  const cancel = () => {
    flow.stop();
    onDone();
  };
  return (
    <div className="import-form report-flow">
      <h2 id={`${id}-title`}>{t('report.dialog.title', { title: source.title })}</h2>
      {phase.step === 'ads' ? (
        <ProgressStep
          label={t('report.progress.reading')}
          // The board's count was read before: past it (ads saved since), the count read alone is said.
          max={source.expected !== null && phase.count <= source.expected ? source.expected : null}
          value={phase.count}
          text={
            source.expected !== null && phase.count <= source.expected
              ? t('report.progress.readOf', { count: phase.count, total: source.expected })
              : t('report.progress.read', { count: phase.count })
          }
          onCancel={cancel}
        />
      ) : phase.step === 'ask' ? (
        <AskStep ask={phase} onEmbed={flow.embed} onBuild={flow.buildWithout} onCancel={cancel} />
      ) : phase.step === 'media' ? (
        <ProgressStep
          label={t('report.progress.fetching')}
          max={phase.total}
          value={phase.done}
          text={t('report.progress.fetched', { done: phase.done, total: phase.total })}
          onCancel={cancel}
        />
      ) : phase.step === 'ready' ? (
        <ReadyStep ready={phase} onSave={() => flow.save(phase)} onClose={onDone} />
      ) : (
        <>
          <p role="alert" className="notice notice-error">
            {t('report.failed', { message: phase.message })}
          </p>
          <div className="action-row">
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              {t('report.tryAgain')}
            </button>
            <button type="button" className="btn" onClick={onDone}>
              {t('report.close')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

/** A step that runs: its bar (indeterminate while the total is unknown), its words, and Cancel. */
function ProgressStep(props: { label: string; max: number | null; value: number; text: string; onCancel: () => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      <progress
        id={id}
        max={props.max === null ? undefined : Math.max(1, props.max)}
        value={props.max === null ? undefined : Math.min(props.value, props.max)}
      />
      <p role="status" className="field-hint">
        {props.text}
      </p>
      <div className="action-row">
        <button type="button" className="btn" onClick={props.onCancel}>
          {t('report.cancel')}
        </button>
      </div>
    </>
  );
}

/** The file is built: what it holds, its size, and Save. */
function ReadyStep({ ready, onSave, onClose }: { ready: ReadyReport; onSave: () => void; onClose: () => void }) {
  return (
    <>
      <p role="status">{ready.saved ? t('report.ready.saved', { name: ready.saved }) : readyWords(ready)}</p>
      <p>{rich('report.ready.size', { size: <strong>{formats.fileSize(ready.bytes)}</strong> })}</p>
      <div className="action-row">
        <button type="button" className="btn btn-primary" onClick={onSave}>
          {ready.saved ? t('report.ready.saveAgain') : t('report.ready.save')}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {t('report.close')}
        </button>
      </div>
    </>
  );
}

/** What the built file holds: its ads, the creatives embedded, those shown as placeholders, and why fetches failed. */
function readyWords(ready: ReadyReport): string {
  const held =
    ready.missing > 0
      ? t('report.ready.summaryMissing', {
          ads: ready.ads,
          creatives: ready.embedded,
          missing: formatNumber(ready.missing),
        })
      : t('report.ready.summary', { ads: ready.ads, creatives: ready.embedded });
  if (ready.failures.length === 0) return held;
  // Each reason once, with how many creatives it stopped, the most frequent first.
  const list = reasonList(ready.failures);
  return `${held} ${t('report.ready.failures', { count: ready.failures.length, list })}`;
}
