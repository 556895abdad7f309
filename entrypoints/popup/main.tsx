import '@/assets/styles/base.css';
import { mountRoot } from '@/components/ui/mount-root';
import { PopupApp, PopupTheme } from '@/components/popup/popup-app';

// No query cache: the popup reads what it shows with plain hooks (components/ui/plain-read.ts).
void mountRoot(<PopupApp />, (page) => (
  <>
    <PopupTheme />
    {page}
  </>
));
