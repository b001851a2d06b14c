import type { Translate } from '../i18n';

/** MapLibre's UI string ids (`locale` option) and the `farmMap` catalogue key of each. */
const MAP_UI_KEYS = {
  'AttributionControl.ToggleAttribution': 'farmMap.mapCtlToggleAttribution',
  'AttributionControl.MapFeedback': 'farmMap.mapCtlFeedback',
  'FullscreenControl.Enter': 'farmMap.mapCtlFullscreenEnter',
  'FullscreenControl.Exit': 'farmMap.mapCtlFullscreenExit',
  'GeolocateControl.FindMyLocation': 'farmMap.mapCtlFindMyLocation',
  'GeolocateControl.LocationNotAvailable': 'farmMap.mapCtlLocationNotAvailable',
  'LogoControl.Title': 'farmMap.mapCtlLogo',
  'Map.Title': 'farmMap.mapCtlTitle',
  'Marker.Title': 'farmMap.mapCtlMarker',
  'NavigationControl.ResetBearing': 'farmMap.mapCtlResetBearing',
  'NavigationControl.ZoomIn': 'farmMap.mapCtlZoomIn',
  'NavigationControl.ZoomOut': 'farmMap.mapCtlZoomOut',
  'Popup.Close': 'farmMap.mapCtlPopupClose',
  'ScaleControl.Feet': 'farmMap.mapCtlFeet',
  'ScaleControl.Meters': 'farmMap.mapCtlMeters',
  'ScaleControl.Kilometers': 'farmMap.mapCtlKilometers',
  'ScaleControl.Miles': 'farmMap.mapCtlMiles',
  'ScaleControl.NauticalMiles': 'farmMap.mapCtlNauticalMiles',
  'GlobeControl.Enable': 'farmMap.mapCtlGlobeEnable',
  'GlobeControl.Disable': 'farmMap.mapCtlGlobeDisable',
  'TerrainControl.Enable': 'farmMap.mapCtlTerrainEnable',
  'TerrainControl.Disable': 'farmMap.mapCtlTerrainDisable',
  'CooperativeGesturesHandler.WindowsHelpText': 'farmMap.mapCtlWindowsHelp',
  'CooperativeGesturesHandler.MacHelpText': 'farmMap.mapCtlMacHelp',
  'CooperativeGesturesHandler.MobileHelpText': 'farmMap.mapCtlMobileHelp',
} as const;

/**
 * The `locale` option of a MapLibre map in the page's language: its controls ("Zoom in", the map's
 * own "Map" label, the attribution toggle, the scale units) speak pl, en or uk like the page.
 */
export function mapLocale(tr: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(MAP_UI_KEYS).map(([id, key]) => [id, tr(key)]));
}
