import '@/assets/styles/base.css';
import './style.css';
import { mountPage } from '@/components/common/mount';
import { PopupApp } from '@/components/popup/popup-app';

mountPage(<PopupApp />);
