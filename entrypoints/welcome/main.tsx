import '@/assets/styles/base.css';
import { mountPage } from '@/components/ui/mount';
import { WelcomePage } from '@/components/options/welcome-page';
import english from 'virtual:adscope-english/options';

void mountPage(<WelcomePage />, { english });
