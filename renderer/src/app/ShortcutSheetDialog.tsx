import { useTranslation } from 'react-i18next';
import type en from '../i18n/en.json';
import { VIEWS } from './routes';
import { useModal } from '../components/modal';

type Where = keyof typeof en.keys.where;
type What = keyof typeof en.keys.what;

/** Keys pressed together (Alt+1), or any one of several (`either`: a letter or a digit). */
type Keys = string[] | { either: string[] };

/** The keys of the desk, by where they work; each line's keys and what they do. */
const SHEET: Array<[Where, Array<[Keys, What]>]> = [
  [
    'everywhere',
    [
      [['?'], 'sheet'],
      [['F8'], 'waiting'],
      [['Alt', `1…${VIEWS.length}`], 'views'],
      [['scan'], 'scanAnywhere'],
      [['Esc'], 'backToScan'],
    ],
  ],
  [
    'pack',
    [
      [['Enter'], 'printOpened'],
      [{ either: ['a–z', '0–9'] }, 'boxFromScan'],
      [['Alt', 'R'], 'return'],
      [['Esc'], 'close'],
    ],
  ],
  [
    'form',
    [
      [['Ctrl', 'Enter'], 'create'],
      [['Enter'], 'nextField'],
      [['1…9'], 'method'],
      [{ either: ['a–z', '0–9'] }, 'preset'],
      [['F9'], 'scaleWeight'],
      [['Esc'], 'leaveForm'],
    ],
  ],
  [
    'dialogs',
    [
      [['1…9'], 'office'],
      [['Enter'], 'confirmFocused'],
      [['Esc'], 'closeDialog'],
    ],
  ],
  [
    'endOfDay',
    [
      [['scan'], 'loadParcel'],
      [['Ctrl', 'Enter'], 'manifest'],
    ],
  ],
];

/**
 * The sheet itself, in a chunk of its own: it is opened now and then, and the desk's first script has a budget
 * (test/architecture/bundle.test.ts).
 */
export default function ShortcutSheetDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const modal = useModal(true, onClose);
  return (
    <dialog {...modal} className="shortcut-sheet" aria-label={t('keys.title')}>
      <div className="detail-head">
        <h2>{t('keys.title')}</h2>
        <button type="button" className="btn btn-plain" autoFocus onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <div className="sheet-columns">
        {SHEET.map(([where, lines]) => (
          <section key={where} aria-label={t(`keys.where.${where}`)}>
            <h3>{t(`keys.where.${where}`)}</h3>
            <dl>
              {lines.map(([keys, what]) => (
                <div key={what} className="sheet-line">
                  <dt>
                    {(Array.isArray(keys) ? keys : keys.either).map((k, i) => (
                      <span key={k}>
                        {i > 0 && (Array.isArray(keys) ? '+' : ` ${t('keys.or')} `)}
                        {k === 'scan' ? <em>{t('keys.scan')}</em> : <kbd>{k}</kbd>}
                      </span>
                    ))}
                  </dt>
                  <dd>{t(`keys.what.${what}`)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </dialog>
  );
}
