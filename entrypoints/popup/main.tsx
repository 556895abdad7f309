import '@/assets/styles/base.css';
import { mountPage } from '@/components/ui/mount';
import { PopupApp } from '@/components/popup/popup-app';

void mountPage(<PopupApp />);
