import { describe, expect, it } from "vitest";
import { ZImage } from "@/lib/deck/schema";
import { framePicture, isDefaultFraming } from "@/lib/layouts/frame-picture";

const frame = { x: 100, y: 50, w: 300, h: 600 };
const photo = { width: 400, height: 300 };

describe("framePicture", () => {
  it("covers a portrait frame with a 4:3 picture's centre by default", () => {
    const { source, dest, placement } = framePicture(photo, { fit: "cover" }, frame);
    expect(dest).toEqual(frame);
    // Scale 2 (its height fills 600): 150 of 400 source pixels across, centred.
    expect(source).toEqual({ x: 125, y: 0, w: 150, h: 300 });
    expect(placement).toEqual({ x: 100 - 250, y: 50, w: 800, h: 600 });
  });

  it("keeps the focal point in view, as far as the picture reaches", () => {
    const left = framePicture(photo, { fit: "cover", focus: { x: 0.1, y: 0.5 } }, frame);
    expect(left.source.x).toBe(0);
    const nearRight = framePicture(photo, { fit: "cover", focus: { x: 0.75, y: 0.5 } }, frame);
    expect(nearRight.source.x).toBe(300 - 75);
    const right = framePicture(photo, { fit: "cover", focus: { x: 1, y: 0 } }, frame);
    expect(right.source).toEqual({ x: 250, y: 0, w: 150, h: 300 });
  });

  it("cuts the crop away first: a crop to the top-left quadrant shows only it", () => {
    const crop = { left: 0, top: 0, right: 0.5, bottom: 0.5 };
    const square = { x: 0, y: 0, w: 200, h: 200 };
    const quadrant = framePicture({ width: 200, height: 200 }, { fit: "cover", crop }, square);
    expect(quadrant.source).toEqual({ x: 0, y: 0, w: 100, h: 100 });
    expect(quadrant.placement).toEqual({ x: 0, y: 0, w: 400, h: 400 });
    // The focal point cannot pull the view outside the crop.
    const pulled = framePicture(
      { width: 200, height: 200 },
      { fit: "cover", crop, focus: { x: 1, y: 1 } },
      square,
    );
    expect(pulled.source).toEqual({ x: 0, y: 0, w: 100, h: 100 });
  });

  it("letterboxes a contained picture inside the frame, centred", () => {
    const { source, dest, placement } = framePicture(photo, { fit: "contain" }, frame);
    expect(source).toEqual({ x: 0, y: 0, w: 400, h: 300 });
    expect(dest).toEqual({ x: 100, y: 50 + (600 - 225) / 2, w: 300, h: 225 });
    expect(placement).toEqual(dest);
    const cropped = framePicture(
      photo,
      { fit: "contain", crop: { left: 0.5, top: 0, right: 0, bottom: 0 } },
      frame,
    );
    // 200 × 300 left: its width fills the frame, scaled 1.5.
    expect(cropped.source).toEqual({ x: 200, y: 0, w: 200, h: 300 });
    expect(cropped.dest).toEqual({ x: 100, y: 50 + (600 - 450) / 2, w: 300, h: 450 });
    expect(cropped.placement.x).toBe(100 - 300);
  });

  it("knows the default framing", () => {
    expect(isDefaultFraming({})).toBe(true);
    expect(isDefaultFraming({ fit: "cover", focus: { x: 0.5, y: 0.5 } })).toBe(true);
    expect(isDefaultFraming({ fit: "contain" })).toBe(false);
    expect(isDefaultFraming({ crop: { left: 0.1, top: 0, right: 0, bottom: 0 } })).toBe(false);
  });
});

describe("ZImage framing", () => {
  it("takes fit, focus and crop, a missing crop side being 0, and stays valid without them", () => {
    expect(ZImage.parse({ query: "bees" })).toEqual({ query: "bees" });
    expect(ZImage.parse({ fit: "contain", focus: { x: 0.2, y: 0.8 }, crop: { left: 0.25 } })).toEqual({
      fit: "contain",
      focus: { x: 0.2, y: 0.8 },
      crop: { left: 0.25, top: 0, right: 0, bottom: 0 },
    });
  });

  const messages = (value: unknown) => {
    const result = ZImage.safeParse(value);
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  };

  it.each([
    [{ fit: "stretch" }, /^fit: /],
    [{ focus: { x: 1.5, y: 0 } }, /^focus\.x: focus\.x must be from 0 to 1\.$/],
    [{ focus: { x: 0.5 } }, /^focus\.y: /],
    [{ crop: { left: -0.1 } }, /^crop\.left: crop\.left must be at least 0\.$/],
    [{ crop: { top: 1 } }, /^crop\.top: crop\.top must be below 1\.$/],
    [{ crop: { left: "a lot" } }, /^crop\.left: crop\.left must be a number/],
    [
      { crop: { left: 0.5, right: 0.45 } },
      /^crop\.right: crop\.left \+ crop\.right is 0\.95; it must be below 0\.95/,
    ],
    [
      { crop: { top: 0.6, bottom: 0.6 } },
      /^crop\.bottom: crop\.top \+ crop\.bottom is 1\.2; it must be below 0\.95/,
    ],
    [{ crop: { left: 0.1, middle: 0.2 } }, /^crop: /],
  ])("refuses %j with a clear message", (value, message) => {
    expect(messages(value)).toEqual([expect.stringMatching(message)]);
  });
});
