/**
 * The emoji picker's table: five categories as the spec names them (表情, 自然, 物品, 地点,
 * 符号), a short hand-picked set each. Emoji are plain Unicode text, so they travel inside a txt
 * message and need no images.
 */
export type EmojiCategory = { key: string; zh: string; en: string; emoji: string[] };

const split = (s: string) =>
  Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s), (g) => g.segment);

export const EMOJI_CATEGORIES: EmojiCategory[] = [
  {
    key: 'faces',
    zh: '表情',
    en: 'Faces',
    emoji: split(
      '😀😃😄😁😆😅😂🤣😊😇🙂🙃😉😌😍🥰😘😋😛😜🤪🤨🧐🤓😎🥳😏😒😞😔😟😕🙁😣😖😫😩🥺😢😭😤😠😡🤯😳🥵🥶😱😨😰😥😓🤗🤔🤭🤫😶😐😑😬🙄😯😦😧😮😲🥱😴🤤😪😵🤐🥴🤢🤮🤧😷🤒🤕👍👎👏🙏💪👌✌️🤝👋',
    ),
  },
  {
    key: 'nature',
    zh: '自然',
    en: 'Nature',
    emoji: split(
      '🐶🐱🐭🐹🐰🦊🐻🐼🐨🐯🦁🐮🐷🐸🐵🐔🐧🐦🐤🦆🦅🦉🐺🐴🦄🐝🐛🦋🐌🐞🐢🐍🐙🦀🐠🐬🐳🌵🎄🌲🌳🌴🌱🌿🍀🍁🍂🌷🌹🌺🌸🌼🌻🌞🌝🌛⭐🌟✨⚡🔥🌈☀️⛅☁️🌧️❄️☃️💧🌊',
    ),
  },
  {
    key: 'objects',
    zh: '物品',
    en: 'Objects',
    emoji: split(
      '⌚📱💻⌨️🖥️🖨️🖱️💾📷📹🎥📞☎️📺📻⏰⌛💡🔦🕯️💰💳💎🔧🔨🔑🔒🎁🎈🎉🎊📦📮📝📁📅📌📎✂️📏📚📖🔖🧴💊💉🩺🧪🍎🍊🍋🍉🍇🍓🍒🍑🍰🎂🍵☕🍺🍻🥂',
    ),
  },
  {
    key: 'places',
    zh: '地点',
    en: 'Places',
    emoji: split(
      '🏠🏡🏢🏣🏥🏦🏨🏪🏫🏬🏭🏯🏰⛪🗼🗽⛲⛺🌁🌃🏙️🌄🌅🌆🌇🌉🎡🎢🚗🚕🚙🚌🚎🚓🚑🚒🚲🛵🚂🚄🚅✈️🚀🚁⛵🚢⚓🗺️🏖️🏝️⛰️🗻🌋🏕️',
    ),
  },
  {
    key: 'symbols',
    zh: '符号',
    en: 'Symbols',
    emoji: split(
      '❤️🧡💛💚💙💜🖤🤍💔❣️💕💞💓💗💖💘💝✅❌⭕❗❓‼️⁉️💯🔴🟠🟡🟢🔵🟣⚫⚪🔺🔻🔶🔷➕➖➗✖️♻️⚠️🚫🔔🔕🎵🎶💤💬💭🆗🆕🆒🆓🔝🔜',
    ),
  },
];
