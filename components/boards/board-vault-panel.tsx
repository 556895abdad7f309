import type { useBoardVault } from './use-board-vault';

/** The board's vault line: the size asked before keeping, the progress with Cancel, or what was found. */
export function BoardVaultPanel({ vault }: { vault: ReturnType<typeof useBoardVault> }) {
  if (vault.step.step === 'idle') return null;
  return (
    <div className="board-vault">
      <p role="status">{vault.question ?? vault.progress}</p>
      <div className="action-row">
        {vault.question ? (
          <button type="button" className="btn btn-primary" onClick={vault.keep}>
            Keep them
          </button>
        ) : null}
        {vault.busy ? (
          <button type="button" className="btn" onClick={() => void vault.cancel()}>
            Cancel
          </button>
        ) : (
          <button type="button" className="btn" onClick={vault.dismiss}>
            {vault.question ? 'Not now' : 'Close'}
          </button>
        )}
      </div>
    </div>
  );
}
