import { useState, type FormEvent } from 'react';
import { FormError, SelectField, TextField, toast } from '@gleba/ui';
import type { TPlot, Voivodeship } from '@gleba/contracts';
import { describeError, useLang, useT } from '../../../lib/i18n';
import {
  createCadastralPlot,
  useCommunes,
  useCounties,
  usePrecincts,
  useVoivodeships,
} from '../api/farm-map';
import { cadastralPlotName, precinctLabel } from '../rules/cadastral-name';
import { addPlotErrorMessage } from '../rules/save-errors';

/**
 * Spec section 2: add a plot by voivodeship -> county -> commune -> precinct -> plot number. Each
 * list loads when the level above is chosen; changing a level clears the ones below.
 */
export function CadastralForm({ onAdded }: { onAdded: (plot: TPlot) => void }) {
  const tr = useT();
  const lang = useLang();
  const [voivodeship, setVoivodeship] = useState('');
  const [county, setCounty] = useState('');
  const [commune, setCommune] = useState('');
  const [precinct, setPrecinct] = useState('');
  const [plotNumber, setPlotNumber] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const voivodeships = useVoivodeships();
  const counties = useCounties(voivodeship);
  const communes = useCommunes(county);
  const precincts = usePrecincts(commune);
  const loadError = voivodeships.error ?? counties.error ?? communes.error ?? precincts.error;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const plot = await createCadastralPlot({
        voivodeship: voivodeship as Voivodeship,
        county,
        commune,
        precinct,
        plotNumber: plotNumber.trim(),
        name: cadastralPlotName(
          tr,
          plotNumber.trim(),
          precincts.data?.find((p) => p.teryt === precinct)?.name,
          precinct,
        ),
      });
      toast.success(tr('farmMap.plotAdded'));
      setPlotNumber('');
      onAdded(plot);
    } catch (err) {
      // The server's message in the user's language: the overlap limit is filled in.
      setError(addPlotErrorMessage(lang, err));
    } finally {
      setBusy(false);
    }
  };

  const choose = tr('farmMap.choose');
  return (
    <form className="farm-map__form" onSubmit={submit} aria-label={tr('farmMap.addCadastral')}>
      <h3>{tr('farmMap.addCadastral')}</h3>
      <SelectField
        label={tr('farmMap.voivodeship')}
        value={voivodeship}
        placeholder={choose}
        options={(voivodeships.data ?? []).map((v) => ({ value: v.code, label: v.name }))}
        onChange={(e) => {
          setVoivodeship(e.target.value);
          setCounty('');
          setCommune('');
          setPrecinct('');
        }}
      />
      <SelectField
        label={tr('farmMap.county')}
        value={county}
        placeholder={choose}
        disabled={!voivodeship}
        options={(counties.data ?? []).map((u) => ({ value: u.teryt, label: u.name }))}
        onChange={(e) => {
          setCounty(e.target.value);
          setCommune('');
          setPrecinct('');
        }}
      />
      <SelectField
        label={tr('farmMap.commune')}
        value={commune}
        placeholder={choose}
        disabled={!county}
        options={(communes.data ?? []).map((u) => ({ value: u.teryt, label: `${u.name} (${u.kindName})` }))}
        onChange={(e) => {
          setCommune(e.target.value);
          setPrecinct('');
        }}
      />
      <SelectField
        label={tr('farmMap.precinct')}
        value={precinct}
        placeholder={choose}
        disabled={!commune}
        options={(precincts.data ?? []).map((p) => ({
          value: p.teryt,
          label: precinctLabel(p.name, p.teryt),
        }))}
        onChange={(e) => setPrecinct(e.target.value)}
      />
      <TextField
        label={tr('farmMap.plotNumber')}
        value={plotNumber}
        disabled={!precinct}
        placeholder="123/4"
        onChange={(e) => setPlotNumber(e.target.value)}
      />
      <FormError>{loadError ? describeError(lang, loadError) : error}</FormError>
      <button type="submit" className="gl-button" disabled={busy || !precinct || !plotNumber.trim()}>
        {tr('farmMap.addPlot')}
      </button>
    </form>
  );
}
