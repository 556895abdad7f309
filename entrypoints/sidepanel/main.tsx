import '@/assets/styles/base.css';
import './style.css';
import { mountPage } from '@/components/common/mount';
import { SidePanelApp } from '@/components/sidepanel/side-panel-app';

mountPage(<SidePanelApp />);
