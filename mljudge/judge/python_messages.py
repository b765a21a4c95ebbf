"""Python's own messages in the learner's language: the common ones (syntax errors, NameError, a call with the
wrong arguments, an index out of range, shapes that do not fit), with the original kept in brackets so that it
can still be searched for. A message the table does not know stays as Python wrote it."""

from __future__ import annotations

import re
from functools import cache

# Per language: (pattern on Python's message, the sentence with the pattern's groups as {1}, {2}, …).
_TABLES: dict[str, tuple[tuple[str, str], ...]] = {
    "ru": (
        # syntax
        (r"invalid syntax\. Perhaps you forgot a comma\?", "неверный синтаксис: возможно, пропущена запятая"),
        (r"invalid syntax\. Maybe you meant '==' or ':=' instead of '='\?",
         "неверный синтаксис: возможно, имелось в виду `==` или `:=` вместо `=`"),
        (r"invalid syntax", "неверный синтаксис"),
        (r"expected '(.+)'", "ожидалось `{1}`"),
        (r"expected an indented block after (.+) on line (\d+)",
         "после {1} в строке {2} ожидался блок с отступом"),
        (r"expected an indented block", "ожидался блок с отступом"),
        (r"unexpected indent", "лишний отступ"),
        (r"unindent does not match any outer indentation level", "отступ не совпадает ни с одним внешним уровнем"),
        (r"inconsistent use of tabs and spaces in indentation", "в отступах смешаны табуляции и пробелы"),
        (r"'(.)' was never closed", "скобка `{1}` не закрыта"),
        (r"unmatched '(.)'", "лишняя закрывающая скобка `{1}`"),
        (r"closing parenthesis '(.)' does not match opening parenthesis '(.)'(.*)",
         "закрывающая скобка `{1}` не соответствует открывающей `{2}`{3}"),
        (r"unterminated string literal \(detected at line (\d+)\)", "незакрытая строка (замечено в строке {1})"),
        (r"unterminated triple-quoted string literal \(detected at line (\d+)\)",
         "незакрытая строка в тройных кавычках (замечено в строке {1})"),
        (r"'return' outside function", "`return` вне функции"),
        (r"cannot assign to (.+?)(?: here)?\. Maybe you meant '==' instead of '='\?",
         "нельзя присвоить значение: {1}; возможно, имелось в виду `==` вместо `=`"),
        (r"cannot assign to (.+)", "нельзя присвоить значение: {1}"),
        # names
        (r"name '(\w+)' is not defined", "имя `{1}` не определено"),
        (r"cannot access local variable '(\w+)' where it is not associated with a value",
         "локальная переменная `{1}` используется до того, как ей присвоено значение"),
        (r"module '([\w.]+)' has no attribute '(\w+)'", "в модуле `{1}` нет атрибута `{2}`"),
        (r"'([\w.]+)' object has no attribute '(\w+)'", "у объекта типа `{1}` нет атрибута `{2}`"),
        # calls
        (r"(\S+)\(\) takes (\d+) positional arguments? but (\d+) (?:was|were) given",
         "`{1}()` принимает позиционных аргументов: {2}, а передано: {3}"),
        (r"(\S+)\(\) missing (\d+) required positional arguments?: (.+)",
         "`{1}()`: не хватает обязательных аргументов ({2}): {3}"),
        (r"(\S+)\(\) got an unexpected keyword argument '(\w+)'",
         "`{1}()` не принимает именованный аргумент `{2}`"),
        (r"(\S+)\(\) got multiple values for argument '(\w+)'", "`{1}()`: аргумент `{2}` передан дважды"),
        (r"'(\w+)' object is not callable", "объект типа `{1}` нельзя вызвать"),
        (r"'(\w+)' object is not subscriptable", "объект типа `{1}` не поддерживает индексацию"),
        (r"unsupported operand type\(s\) for (.+): '(.+)' and '(.+)'",
         "неподдерживаемые типы операндов для `{1}`: `{2}` и `{3}`"),
        # indices and shapes
        (r"index (-?\d+) is out of bounds for axis (\d+) with size (\d+)",
         "индекс {1} вне границ оси {2} размера {3}"),
        (r"index (-?\d+) is out of bounds for dimension (\d+) with size (\d+)",
         "индекс {1} вне границ измерения {2} размера {3}"),
        (r"(list|tuple|string) index out of range", "индекс вне диапазона ({1})"),
        (r"operands could not be broadcast together with shapes (.+)",
         "формы операндов несовместимы при broadcasting: {1}"),
        (r"The size of tensor a \((\d+)\) must match the size of tensor b \((\d+)\) "
         r"at non-singleton dimension (\d+)",
         "размер тензора a ({1}) должен совпадать с размером тензора b ({2}) в измерении {3}"),
        (r"mat1 and mat2 shapes cannot be multiplied \((.+) and (.+)\)",
         "формы mat1 и mat2 нельзя перемножить ({1} и {2})"),
        (r"matmul: Input operand (\d+) has a mismatch in its core dimension (\d+).*\(size (\d+) is different "
         r"from (\d+)\)", "matmul: размеры не подходят для умножения матриц (у операнда {1} {3} вместо {4})"),
        (r"shapes (\(.*?\)) and (\(.*?\)) not aligned: .*", "формы {1} и {2} не согласованы для умножения"),
        (r"cannot reshape array of size (\d+) into shape (.+)",
         "нельзя изменить форму массива из {1} элементов на {2}"),
        (r"shape '(.+)' is invalid for input of size (\d+)", "форма {1} не подходит для входа из {2} элементов"),
        (r"axis (-?\d+) is out of bounds for array of dimension (\d+)",
         "ось {1} вне границ для массива размерности {2}"),
        (r"Dimension out of range \(expected to be in range of \[(.+)\], but got (-?\d+)\)",
         "измерение вне диапазона (ожидалось в [{1}], получено {2})"),
        # values
        (r"The truth value of an array with more than one element is ambiguous\..*",
         "истинность массива из нескольких элементов не определена: используйте .any() или .all()"),
        (r"Boolean value of Tensor with more than one value is ambiguous",
         "истинность тензора из нескольких значений не определена"),
        (r"(?:float )?division by zero", "деление на ноль"),
        (r"math domain error", "аргумент вне области определения функции"),
    ),
}


# Python's names for the statements its syntax errors point at, in each language.
_PHRASES: dict[str, tuple[tuple[str, str], ...]] = {
    "ru": (
        (r"function definition", "определения функции"),
        (r"class definition", "определения класса"),
        (r"'(\w+)' statement", "оператора `{1}`"),
    ),
}


def _phrase(text: str, lang: str) -> str:
    for pattern, template in _PHRASES.get(lang, ()):
        match = re.fullmatch(pattern, text)
        if match:
            return template.format("", *match.groups())
    return text


@cache
def _compiled(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((re.compile(pattern, re.DOTALL), template) for pattern, template in _TABLES.get(lang, ()))


def translate(message: str, lang: str) -> str:
    """Python's `message` in `lang`, the original in brackets; unchanged when unknown (or in English)."""
    for pattern, template in _compiled(lang):
        match = pattern.fullmatch(message)
        if match:
            said = template.format("", *(_phrase(group or "", lang) for group in match.groups()))
            return f"{said} ({message})"
    return message


def exception_line(type_name: str, message: str, lang: str) -> str:
    """An exception as the learner sees it: `Type: message`, the message in their language when known."""
    return f"{type_name}: {translate(message, lang)}" if message else type_name
