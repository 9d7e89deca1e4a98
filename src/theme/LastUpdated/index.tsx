/**
 * Replaces (ejected) the classic theme's LastUpdated: the same line, translation ids and markup,
 * but the English date is written without Intl (./shortDate.ts).
 *
 * Why: the theme formats the date with Intl.DateTimeFormat, whose first use loads the browser's
 * date data on a phone's main thread while the page starts; no option chooses another formatter.
 * Upgrade: UPGRADING.md#lastupdated.
 */
import type {ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import {ThemeClassNames} from '@docusaurus/theme-common';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {Props} from '@theme/LastUpdated';

import {shortDate} from './shortDate';

/**
 * "Last updated on Nov 24, 2026" at the end of a docs page. It says what the
 * theme's own line says, with the theme's translation ids, but writes the
 * date without Intl on the English site (see ./shortDate.ts).
 */
export default function LastUpdated({lastUpdatedAt, lastUpdatedBy}: Props): ReactNode {
  const {
    i18n: {currentLocale},
  } = useDocusaurusContext();
  const atDate = lastUpdatedAt ? (
    <Translate
      id="theme.lastUpdated.atDate"
      description="The words that say on which date a page was last updated"
      values={{
        date: (
          <b>
            <time dateTime={new Date(lastUpdatedAt).toISOString()} itemProp="dateModified">
              {shortDate(lastUpdatedAt, currentLocale)}
            </time>
          </b>
        ),
      }}>
      {' on {date}'}
    </Translate>
  ) : (
    ''
  );
  const byUser = lastUpdatedBy ? (
    <Translate
      id="theme.lastUpdated.byUser"
      description="The words that say who last updated a page"
      values={{user: <b>{lastUpdatedBy}</b>}}>
      {' by {user}'}
    </Translate>
  ) : (
    ''
  );
  return (
    <span className={ThemeClassNames.common.lastUpdated}>
      <Translate
        id="theme.lastUpdated.lastUpdatedAtBy"
        description="The sentence that says when a page was last updated, and by whom"
        values={{atDate, byUser}}>
        {'Last updated{atDate}{byUser}'}
      </Translate>
      {process.env.NODE_ENV === 'development' && (
        <div>
          <small>(In development the date is made up; a production build reads it from git.)</small>
        </div>
      )}
    </span>
  );
}
