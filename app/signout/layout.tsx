export { SiteLayout as default } from '../_components/site-header';
