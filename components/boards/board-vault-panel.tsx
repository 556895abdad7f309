import { t } from '@/lib/i18n';
import type { useBoardVault } from './use-board-vault';
import 'virtual:adscope-english/boards';

/** The board's vault line: the size asked before keeping, the progress with Cancel, or what was found. */
export function BoardVaultPanel({ vault }: { vault: ReturnType<typeof useBoardVault> }) {
  if (vault.step.step === 'idle') return null;
  return (
    <div className="board-vault">
      <p role="status">{vault.question ?? vault.progress}</p>
      <div className="action-row">
        {vault.question ? (
          <button type="button" className="btn btn-primary" onClick={vault.keep}>
            {t('boards.vault.keep')}
          </button>
        ) : null}
        {vault.busy ? (
          <button type="button" className="btn" onClick={() => void vault.cancel()}>
            {t('boards.vault.cancel')}
          </button>
        ) : (
          <button type="button" className="btn" onClick={vault.dismiss}>
            {vault.question ? t('boards.vault.notNow') : t('boards.vault.close')}
          </button>
        )}
      </div>
    </div>
  );
}
