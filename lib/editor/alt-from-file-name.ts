/** A first alt text for an uploaded picture, from its file name. Client-safe, pure. */

/** Names cameras and phones give files ("IMG_4032", "DSC 0001", "PXL_20240101_123456"). */
const CAMERA_NAME = /^(?:img|dsc|dscn|dscf|pxl|photo|image|screenshot|screen shot|picture|pic)(?:\s+\d+)*$/i;

/** "beehive-swarm_2024.jpg" → "Beehive swarm 2024"; "" for a camera's name, which says nothing. */
export function altFromFileName(name: string): string {
  const words = name
    .replace(/\.[a-z0-9]{2,5}$/i, "")
    .replace(/[_.-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!words || CAMERA_NAME.test(words) || !/\p{L}{2}/u.test(words)) return "";
  return words.charAt(0).toUpperCase() + words.slice(1);
}
