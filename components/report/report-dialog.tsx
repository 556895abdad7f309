import { useId, useState } from 'react';
import { failureSummary } from '@/lib/media';
import { countOf, formatNumber, formats } from '../ui/format';
import { useModal } from '../ui/use-modal';
import { AskStep } from './ask-step';
import { type ReadyReport, type ReportSource, useReportFlow } from './use-report-flow';
import './report.css';

export type { ReportSource } from './use-report-flow';

/** Builds an offline HTML report: reads the ads, asks before fetching any creative, then offers the file with its size. */
export function ReportDialog({ source, onClose }: { source: ReportSource | null; onClose: () => void }) {
  const ref = useModal(source !== null);
  const [attempt, setAttempt] = useState(0);
  return (
    <dialog ref={ref} className="dialog report-dialog" aria-label="Export report" onClose={onClose}>
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
      <h2 id={`${id}-title`}>Export report: {source.title}</h2>
      {phase.step === 'ads' ? (
        <ProgressStep
          label="Reading the ads"
          max={source.expected}
          value={phase.count}
          text={
            source.expected !== null
              ? `${phase.count} of ${countOf(source.expected, 'ad')} read…`
              : `${countOf(phase.count, 'ad')} read…`
          }
          onCancel={cancel}
        />
      ) : phase.step === 'ask' ? (
        <AskStep ask={phase} onEmbed={flow.embed} onBuild={flow.buildWithout} onCancel={cancel} />
      ) : phase.step === 'media' ? (
        <ProgressStep
          label="Fetching creatives"
          max={phase.total}
          value={phase.done}
          text={`${phase.done} of ${countOf(phase.total, 'creative')} fetched…`}
          onCancel={cancel}
        />
      ) : phase.step === 'ready' ? (
        <ReadyStep ready={phase} onSave={() => flow.save(phase)} onClose={onDone} />
      ) : (
        <>
          <p role="alert" className="notice notice-error">
            Report not built: {phase.message} Nothing was saved.
          </p>
          <div className="action-row">
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              Try again
            </button>
            <button type="button" className="btn" onClick={onDone}>
              Close
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
          Cancel
        </button>
      </div>
    </>
  );
}

/** The file is built: what it holds, its size, and Save. */
function ReadyStep({ ready, onSave, onClose }: { ready: ReadyReport; onSave: () => void; onClose: () => void }) {
  return (
    <>
      <p role="status">
        {ready.saved
          ? `Saved as ${ready.saved}.`
          : `Report ready: ${countOf(ready.ads, 'ad')}, ${countOf(ready.embedded, 'creative')} embedded${
              ready.missing > 0 ? `, ${formatNumber(ready.missing)} shown as placeholders with their links` : ''
            }.${ready.failures.length > 0 ? ` ${failureSummary(ready.failures, countOf)}.` : ''}`}
      </p>
      <p>
        File size: <strong>{formats.fileSize(ready.bytes)}</strong>. It opens offline in any browser, runs no script and
        prints one ad per block.
      </p>
      <div className="action-row">
        <button type="button" className="btn btn-primary" onClick={onSave}>
          {ready.saved ? 'Save again' : 'Save report'}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </>
  );
}
