import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import DeleteIcon from '@mui/icons-material/Delete';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import NearMeIcon from '@mui/icons-material/NearMe';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import PlaceIcon from '@mui/icons-material/Place';
import TimelineIcon from '@mui/icons-material/Timeline';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { GeometryCollection, MapLayer } from '@voirie/domain';
import 'ol/ol.css';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { visuallyHidden } from '../../../ui';
import { mapLayersQueryOptions } from '../api/map-api';
import { popupAnnouncement, type FeaturePopupContent, type MapFeature } from '../model/features';
import type { MapViewProps } from '../model/map-props';
import { centerOf, describeShapes, fitTargetOfShapes, hasShapes, type DrawKind } from '../model/shapes';
import type { ToolMode } from '../ol/draw-tools';
import { localLayerKind } from '../model/layer-kind';
import { initialBaseLayer, splitLayers } from '../ol/layers';
import { MapController } from '../ol/map-controller';
import { FeaturePopup } from './feature-popup';
import { LayerPanel } from './layer-panel';

const DRAW_TOOLS: Record<DrawKind, { label: string; icon: ReactNode }> = {
  Point: { label: 'Dessiner un point', icon: <PlaceIcon /> },
  LineString: { label: 'Dessiner une ligne', icon: <TimelineIcon /> },
  Polygon: { label: 'Dessiner un polygone', icon: <PentagonOutlinedIcon /> },
};

export const MAP_TEXTS = {
  tools: 'Outils de la carte',
  select: 'Sélectionner une forme',
  deleteSelected: 'Supprimer la forme sélectionnée',
  locate: "Centrer la carte sur l'adresse",
  zoomToShapes: 'Zoomer sur les formes dessinées',
  zoomIn: 'Zoom avant',
  zoomOut: 'Zoom arrière',
  canvas:
    'Carte interactive : flèches pour se déplacer, + et − pour zoomer, Échap pour abandonner un dessin, Suppr pour effacer la forme sélectionnée',
  layersFailed:
    "Les couches de la carte n'ont pas pu être chargées : la carte reste utilisable pour dessiner.",
} as const;

/** A toolbar button with its name as tooltip and accessible name. */
function ToolButton({
  label,
  children,
  disabled = false,
  onClick,
}: {
  label: string;
  children: ReactNode;
  disabled?: boolean;
  onClick: () => void;
}) {
  const button = (
    <IconButton aria-label={label} disabled={disabled} onClick={onClick} size="medium">
      {children}
    </IconButton>
  );
  // A disabled button gets no pointer events: the tooltip needs a wrapper to show.
  return (
    <Tooltip title={label}>
      <span>{button}</span>
    </Tooltip>
  );
}

/** The map once its layers are known. */
function LoadedMap({
  rows,
  layersFailed,
  ariaLabel,
  drawKinds = [],
  shapes,
  onShapesChange,
  marker,
  onMarkerMove,
  focus,
  fitShapes = false,
  features,
  featureTiles,
  selectedFeature,
  onFeatureSelect,
  featurePopup,
  description,
  height = 460,
}: MapViewProps & { rows: readonly MapLayer[]; layersFailed: boolean }) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const { baseLayers, overlays } = splitLayers(rows);
  const [baseLayer, setBaseLayer] = useState(() => initialBaseLayer(baseLayers));
  const [visibleOverlays, setVisibleOverlays] = useState<ReadonlySet<string>>(
    () => new Set(overlays.filter((row) => row.checked).map((row) => row.layerName)),
  );
  const [controller, setController] = useState<MapController | null>(null);
  const [mode, setMode] = useState<ToolMode>(null);
  const [hasSelection, setHasSelection] = useState(false);
  const [drawn, setDrawn] = useState<GeometryCollection | null>(null);
  /** The popup of a clicked overlay feature (a Plat'AU consultation). */
  const [layerPopup, setLayerPopup] = useState<FeaturePopupContent | null>(null);

  // The latest callbacks, for the map's events (the map lives longer than one render).
  const callbacks = useRef({ onShapesChange, onMarkerMove, onFeatureSelect });
  useLayoutEffect(() => {
    callbacks.current = { onShapesChange, onMarkerMove, onFeatureSelect };
  });
  const canvas = useRef<HTMLDivElement | null>(null);
  /** The shapes the map shows now, to tell a new `shapes` prop from the echo of our own change. */
  const shownShapes = useRef<GeometryCollection | null | undefined>(undefined);
  const hasMarkerCallback = Boolean(onMarkerMove);
  const hasFeatureCallback = Boolean(onFeatureSelect);
  const initialBase = useRef(baseLayer);

  const attach = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return undefined;
      canvas.current = element;
      const created = new MapController({
        target: element,
        layers: rows,
        baseLayer: initialBase.current,
        onShapesChange: (next) => {
          shownShapes.current = next;
          setDrawn(next);
          callbacks.current.onShapesChange?.(next);
        },
        onSelectionChange: setHasSelection,
        onMarkerMove: hasMarkerCallback ? (lonLat) => callbacks.current.onMarkerMove?.(lonLat) : undefined,
        onFeatureClick: hasFeatureCallback
          ? (featureId, details) => callbacks.current.onFeatureSelect?.(featureId, details)
          : undefined,
        onLayerFeatureClick: setLayerPopup,
      });
      setController(created);
      return () => {
        created.dispose();
        canvas.current = null;
        shownShapes.current = undefined;
        setController(null);
      };
    },
    [rows, hasMarkerCallback, hasFeatureCallback],
  );

  useEffect(() => {
    if (!controller || shapes === shownShapes.current) return;
    shownShapes.current = shapes;
    controller.setShapes(shapes);
  }, [controller, shapes]);

  useEffect(() => {
    controller?.setMarker(marker);
  }, [controller, marker]);
  useEffect(() => {
    controller?.setMode(mode);
  }, [controller, mode]);
  useEffect(() => {
    if (controller && focus) controller.locate(focus.lonLat);
  }, [controller, focus]);
  /** The map that was fitted onto the shapes: a new one (shown again) fits again, a re-render does not. */
  const fittedMap = useRef<MapController | null>(null);
  useEffect(() => {
    if (!fitShapes || !controller || fittedMap.current === controller) return;
    const target = fitTargetOfShapes(shapes);
    if (!target) return;
    fittedMap.current = controller;
    controller.fit(target);
  }, [controller, shapes, fitShapes]);
  useLayoutEffect(() => {
    controller?.setFeatures(features ?? NO_FEATURES);
  }, [controller, features]);
  useLayoutEffect(() => {
    controller?.setFeatureTiles(featureTiles ?? null);
  }, [controller, featureTiles]);
  // After the features: a located request of a new page is found.
  useLayoutEffect(() => {
    controller?.selectFeature(selectedFeature ?? null);
  }, [controller, selectedFeature, features]);

  const popupContent =
    selectedFeature && featurePopup ? featurePopup(selectedFeature.id, selectedFeature.properties) : null;
  // One popup at a time: a selected request's wins over a consultation's.
  const shownLayerPopup = popupContent ? null : layerPopup;
  const layerPopupRef = useCallback(
    (element: HTMLElement | null) => {
      controller?.setLayerPopupElement(element);
    },
    [controller],
  );
  const popupRef = useCallback(
    (element: HTMLElement | null) => {
      controller?.setPopupElement(element);
    },
    [controller],
  );
  const closePopup = () => {
    callbacks.current.onFeatureSelect?.(null);
    canvas.current?.focus();
  };

  // A parent that passes `shapes` holds the truth (it may change them, from a list of parcels).
  const described = shapes !== undefined ? shapes : drawn;
  const locateTarget = marker ?? centerOf(described);
  const toggle = (next: ToolMode) => setMode((current) => (current === next ? null : next));
  const hasRoads = overlays.some((row) => localLayerKind(row) === 'roads');
  const hasLayerPopups = overlays.some((row) => localLayerKind(row) === 'consultations');

  return (
    <Box
      role="region"
      aria-label={ariaLabel}
      aria-describedby={descriptionId}
      // Its own width decides where the layer panel goes (see below).
      sx={{ display: 'grid', gap: 1, containerType: 'inline-size' }}
    >
      <Box
        role="group"
        aria-label={MAP_TEXTS.tools}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}
      >
        {drawKinds.map((kind) => (
          <Tooltip key={kind} title={DRAW_TOOLS[kind].label}>
            <ToggleButton
              value={kind}
              selected={mode === kind}
              aria-label={DRAW_TOOLS[kind].label}
              onChange={() => toggle(kind)}
              size="small"
            >
              {DRAW_TOOLS[kind].icon}
            </ToggleButton>
          </Tooltip>
        ))}
        {drawKinds.length > 0 && (
          <>
            <Tooltip title={MAP_TEXTS.select}>
              <ToggleButton
                value="select"
                selected={mode === 'select'}
                aria-label={MAP_TEXTS.select}
                onChange={() => toggle('select')}
                size="small"
              >
                <NearMeIcon />
              </ToggleButton>
            </Tooltip>
            <ToolButton
              label={MAP_TEXTS.deleteSelected}
              disabled={!hasSelection}
              onClick={() => controller?.deleteSelected()}
            >
              <DeleteIcon />
            </ToolButton>
          </>
        )}
        <ToolButton
          label={MAP_TEXTS.locate}
          disabled={!locateTarget}
          onClick={() => locateTarget && controller?.locate(locateTarget)}
        >
          <MyLocationIcon />
        </ToolButton>
        <ToolButton
          label={MAP_TEXTS.zoomToShapes}
          disabled={!hasShapes(described)}
          onClick={() => controller?.zoomToShapes()}
        >
          <CenterFocusStrongIcon />
        </ToolButton>
        <ToolButton label={MAP_TEXTS.zoomIn} onClick={() => controller?.zoomBy(1)}>
          <ZoomInIcon />
        </ToolButton>
        <ToolButton label={MAP_TEXTS.zoomOut} onClick={() => controller?.zoomBy(-1)}>
          <ZoomOutIcon />
        </ToolButton>
      </Box>
      {layersFailed && <Alert severity="warning">{MAP_TEXTS.layersFailed}</Alert>}
      {/* The layer panel beside the map when the map's box is wide enough, below it otherwise (the
          list's map beside its table is narrow even on a wide screen). */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: '1fr',
          gap: 2,
          '@container (min-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr) 250px' },
        }}
      >
        <Box sx={{ position: 'relative', minWidth: 0 }}>
          <Box
            ref={attach}
            role="application"
            aria-label={MAP_TEXTS.canvas}
            aria-describedby={descriptionId}
            tabIndex={0}
            data-testid="map-canvas"
            data-tool={mode ?? 'none'}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && popupContent) callbacks.current.onFeatureSelect?.(null);
              if (event.key === 'Escape') setLayerPopup(null);
            }}
            sx={{
              height,
              position: 'relative',
              border: 1,
              borderColor: 'divider',
              bgcolor: '#eef1f4',
              cursor: mode && mode !== 'select' ? 'crosshair' : 'grab',
              '&:focus-visible': { outline: '3px solid #0a76f6', outlineOffset: '2px' },
              '& .ol-attribution': { background: 'rgba(255, 255, 255, 0.95)', maxWidth: '100%' },
              '& .ol-attribution ul': { color: '#3a3a3a', fontSize: '0.75rem' },
              '& .ol-attribution a': { color: '#000091' },
              '& .ol-scale-line': { background: 'rgba(255, 255, 255, 0.95)', top: 8, bottom: 'auto' },
              '& .ol-scale-line-inner': { color: '#161616', borderColor: '#3a3a3a', fontSize: '0.75rem' },
            }}
          />
          {popupContent && <FeaturePopup ref={popupRef} content={popupContent} onClose={closePopup} />}
          {shownLayerPopup && (
            <FeaturePopup
              ref={layerPopupRef}
              content={shownLayerPopup}
              onClose={() => {
                setLayerPopup(null);
                canvas.current?.focus();
              }}
            />
          )}
        </Box>
        <LayerPanel
          idPrefix={id}
          baseLayers={baseLayers}
          overlays={overlays}
          baseLayer={baseLayer}
          visibleOverlays={visibleOverlays}
          showRoadLegend={hasRoads}
          onBaseLayerChange={(layerName) => {
            setBaseLayer(layerName);
            controller?.setBaseLayer(layerName);
          }}
          onOverlayToggle={(layerName, visible) => {
            setVisibleOverlays((current) => {
              const next = new Set(current);
              if (visible) next.add(layerName);
              else next.delete(layerName);
              return next;
            });
            controller?.setOverlayVisible(layerName, visible);
            // A hidden layer's popup would point at nothing.
            if (!visible) setLayerPopup(null);
          }}
        />
      </Box>
      <Typography id={descriptionId} role="status" variant="body2" sx={{ fontWeight: 600 }}>
        {description ?? describeShapes(described)}
      </Typography>
      {(features || featureTiles || hasLayerPopups) && (
        <Box role="status" sx={visuallyHidden}>
          {popupAnnouncement(popupContent ?? shownLayerPopup)}
        </Box>
      )}
    </Box>
  );
}

/** The OpenLayers map with its tools and layers; loaded lazily through `MapView`. */
function MapPanel(props: MapViewProps) {
  const layers = useQuery(mapLayersQueryOptions(props.publicLayers ? 'public' : 'signedIn'));
  if (layers.isPending) {
    return (
      <Box
        role="region"
        aria-label={props.ariaLabel}
        sx={{ height: props.height ?? 460, display: 'grid', placeItems: 'center' }}
      >
        <Typography>Préparation de la carte…</Typography>
      </Box>
    );
  }
  return <LoadedMap {...props} rows={layers.data ?? NO_LAYERS} layersFailed={layers.isError} />;
}

const NO_LAYERS: readonly MapLayer[] = [];
const NO_FEATURES: readonly MapFeature[] = [];

export default MapPanel;
