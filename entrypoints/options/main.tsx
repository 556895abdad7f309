import '@/assets/styles/base.css';
import { mountPage } from '@/components/ui/mount';
import { OptionsPage } from '@/components/options/options-page';
import { watchPageButton } from '@/components/options/use-options';

void mountPage(<OptionsPage />, { watch: [watchPageButton] });
