import '@/assets/styles/base.css';
import { mountPage } from '@/components/ui/mount';
import { OptionsPage } from '@/components/options/options-page';

void mountPage(<OptionsPage />);
