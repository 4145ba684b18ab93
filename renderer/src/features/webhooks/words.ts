import i18n from 'i18next';
import en from '../../i18n/webhooks/en.json';
import es from '../../i18n/webhooks/es.json';

/**
 * The webhooks' words, in both languages, arrive with the Settings screen that shows them (the `webhooks`
 * namespace): the page's first script keeps to what every screen needs (test/architecture/bundle.test.ts). The
 * instance is i18next's own, which renderer/src/i18n sets up before the desk is drawn.
 */
i18n.addResourceBundle('en', 'webhooks', en);
i18n.addResourceBundle('es', 'webhooks', es);
