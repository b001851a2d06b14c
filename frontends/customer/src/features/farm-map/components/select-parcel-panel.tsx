import { useEffect, useRef, useState } from 'react';
import { FormError, toast } from '@gleba/ui';
import type { TParcel, TPlot, TPosition } from '@gleba/contracts';
import { formatNumber } from '@gleba/i18n';
import { useLang, useT } from '../../../lib/i18n';
import { createCadastralPlot, parcelAt } from '../api/farm-map';
import { cadastralPlotName, precinctLabel } from '../rules/cadastral-name';
import { addPlotErrorMessage, saveErrorMessage } from '../rules/save-errors';

/**
 * Spec section 2, "select on map": a click on the map (`point`) looks up the cadastral parcel
 * there; the page outlines it (`onParcel`), this panel names it (number, precinct, area), and
 * "Add this parcel as a plot" posts it to `POST /api/plots/cadastral` like the cadastral form, so
 * the server checks it the same way (already added, overlap limit) and its message is shown.
 */
export function SelectParcelPanel({
  point,
  onParcel,
  onAdded,
  onClose,
}: {
  /** The last click on the map, `[lng, lat]`; null before the first one. */
  point: TPosition | null;
  onParcel: (parcel: TParcel | null) => void;
  onAdded: (plot: TPlot) => void;
  onClose: () => void;
}) {
  const tr = useT();
  const lang = useLang();
  const [parcel, setParcel] = useState<TParcel | null>(null);
  const [looking, setLooking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const report = useRef(onParcel);
  report.current = onParcel;
  // Only the answer to the latest click counts (an earlier, slower one is dropped).
  const latest = useRef(0);

  useEffect(() => {
    if (!point) return;
    const seq = ++latest.current;
    setError(undefined);
    setLooking(true);
    parcelAt(point).then(
      (found) => {
        if (seq !== latest.current) return;
        setParcel(found);
        setLooking(false);
        report.current(found);
      },
      (err: unknown) => {
        if (seq !== latest.current) return;
        setParcel(null);
        setLooking(false);
        setError(saveErrorMessage(lang, err));
        report.current(null);
      },
    );
  }, [point, lang]);

  const add = async () => {
    if (!parcel?.lookup) return;
    setError(undefined);
    setBusy(true);
    try {
      const plot = await createCadastralPlot({
        ...parcel.lookup,
        plotNumber: parcel.plotNumber,
        name: cadastralPlotName(tr, parcel.plotNumber, parcel.precinct, parcel.lookup.precinct),
      });
      toast.success(tr('farmMap.plotAdded'));
      onAdded(plot);
    } catch (err) {
      setError(addPlotErrorMessage(lang, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="farm-map__form" aria-label={tr('farmMap.selectOnMap')}>
      <h3>{tr('farmMap.selectOnMap')}</h3>
      <p className="farm-map__hint">{tr('farmMap.selectOnMapHint')}</p>
      {looking && <p role="status">{tr('farmMap.parcelLooking')}</p>}
      {parcel && !looking && (
        <div
          className="farm-map__parcel"
          aria-label={tr('farmMap.parcelFound', { number: parcel.plotNumber })}
        >
          <p>
            <strong>{tr('farmMap.parcelFound', { number: parcel.plotNumber })}</strong>
          </p>
          <p>
            {tr('farmMap.parcelPlace', {
              precinct: parcel.lookup
                ? precinctLabel(parcel.precinct, parcel.lookup.precinct)
                : `${parcel.precinct} (${parcel.terytId})`,
              commune: parcel.commune,
            })}
          </p>
          <p>{tr('farmMap.parcelArea', { area: formatNumber(lang, parcel.areaHa, 2, 2) })}</p>
          {!parcel.lookup && <p className="farm-map__hint">{tr('farmMap.parcelNotAddable')}</p>}
        </div>
      )}
      <FormError>{error}</FormError>
      <div className="farm-map__actions">
        {parcel && !looking && parcel.lookup && (
          <button type="button" className="gl-button" disabled={busy} onClick={() => void add()}>
            {tr('farmMap.addThisParcel')}
          </button>
        )}
        <button type="button" className="gl-button gl-button--secondary" onClick={onClose}>
          {tr('farmMap.close')}
        </button>
      </div>
    </section>
  );
}
