// PNG export: title, date range and legend drawn around the chart at 2× device pixels.
import { PNG_PADDING, SWATCH } from './header';
import type { ChartPicture } from './picture';

function loadImage(url: string): Promise<HTMLImageElement> {
	return new Promise((resolve, reject) => {
		const image = new Image();
		image.onload = () => resolve(image);
		image.onerror = () => reject(new Error('PNG export: the chart SVG could not be rendered'));
		image.src = url;
	});
}

/**
 * Renders a chart picture (read by `chartPicture`, in the colours chosen) into a PNG blob at
 * `scale` device pixels per CSS pixel (default 2): background, header, then the chart.
 */
export async function pictureToPng(picture: ChartPicture, scale = 2): Promise<Blob> {
	const { width, height, header, colours, font, title, subtitle } = picture;
	const canvas = document.createElement('canvas');
	const context = canvas.getContext('2d');
	if (!context) throw new Error('PNG export: no 2D canvas available');
	canvas.width = Math.round(width * scale);
	canvas.height = Math.round(height * scale);

	// Start decoding the SVG while the header is drawn.
	const url = URL.createObjectURL(
		new Blob([new XMLSerializer().serializeToString(picture.chart)], {
			type: 'image/svg+xml;charset=utf-8'
		})
	);
	try {
		const imagePromise = loadImage(url);
		context.scale(scale, scale);
		context.fillStyle = colours.background;
		context.fillRect(0, 0, width, height);
		context.textBaseline = 'alphabetic';
		context.fillStyle = colours.text;
		context.font = `600 16px ${font}`;
		context.fillText(title, header.title.x, header.title.y);
		context.font = `12px ${font}`;
		if (subtitle && header.subtitle) {
			context.fillStyle = colours.muted;
			context.fillText(subtitle, header.subtitle.x, header.subtitle.y);
		}
		header.legend.forEach(({ item, x, y }, index) => {
			const swatch = colours.swatches[index] ?? colours.text;
			if (item.dashed) {
				context.strokeStyle = swatch;
				context.lineWidth = 2;
				context.setLineDash([4, 2]);
				context.beginPath();
				context.moveTo(x, y - 4);
				context.lineTo(x + SWATCH, y - 4);
				context.stroke();
				context.setLineDash([]);
			} else if (item.mark === 'ring') {
				context.fillStyle = colours.background;
				context.strokeStyle = swatch;
				context.lineWidth = 1.5;
				context.beginPath();
				context.arc(x + SWATCH / 2, y - SWATCH / 2 + 2, 3.5, 0, 2 * Math.PI);
				context.fill();
				context.stroke();
			} else if (item.mark === 'dot') {
				context.fillStyle = swatch;
				context.beginPath();
				context.arc(x + SWATCH / 2, y - SWATCH / 2 + 2, 3, 0, 2 * Math.PI);
				context.fill();
			} else {
				context.fillStyle = swatch;
				context.fillRect(x, y - SWATCH + 2, SWATCH, SWATCH);
			}
			context.fillStyle = colours.text;
			context.fillText(item.label, x + SWATCH + 6, y);
		});
		const top = header.height;
		if (picture.canvas) {
			const { element, x, y, width: w, height: h } = picture.canvas;
			context.imageSmoothingEnabled = false;
			context.drawImage(element, PNG_PADDING + x, top + y, w, h);
			context.imageSmoothingEnabled = true;
		}
		context.drawImage(
			await imagePromise,
			PNG_PADDING,
			top,
			picture.chartWidth,
			picture.chartHeight
		);
	} finally {
		URL.revokeObjectURL(url);
	}
	return new Promise((resolve, reject) => {
		canvas.toBlob(
			(blob) => (blob ? resolve(blob) : reject(new Error('PNG export: encoding failed'))),
			'image/png'
		);
	});
}
