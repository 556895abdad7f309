import '@/assets/styles/base.css';
import { mountPage } from '@/components/ui/mount';
import { WelcomePage } from '@/components/options/welcome-page';

void mountPage(<WelcomePage />);
