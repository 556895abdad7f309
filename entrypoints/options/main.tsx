import '@/assets/styles/base.css';
import { mountPage } from '@/components/ui/mount';
import { OptionsPage } from '@/components/options/options-page';
import english from 'virtual:adscope-english/options';

void mountPage(<OptionsPage />, { english });
