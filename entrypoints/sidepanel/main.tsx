import '@/assets/styles/base.css';
import './style.css';
import { mountPage } from '@/components/common/mount';
import { SidePanelApp } from '@/components/sidepanel/side-panel-app';

// The settings and the last searches come back from the cache at once when the panel reopens.
mountPage(<SidePanelApp />, { persist: (key) => key[0] === 'settings' || key[0] === 'library.search' });
