import '@/assets/styles/base.css';
import { mountPage } from '@/components/ui/mount';
import { PopupApp } from '@/components/popup/popup-app';
import english from 'virtual:adscope-english/popup';

void mountPage(<PopupApp />, { english });
