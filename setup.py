"""Builds the package plumb for pip (pyproject.toml): its extension is the CMake target plumb_python,
configured for the interpreter that runs this and built in build-pip/, then copied beside the
package's Python files (python/plumb). The version is the CMake project's."""
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = pathlib.Path(__file__).resolve().parent
VERSION = re.search(r"project\(plumb VERSION (\S+)", (SOURCE / "CMakeLists.txt").read_text())[1]


class CMakeBuild(build_ext):
    def build_extension(self, extension):
        build = SOURCE / "build-pip" / "cmake"
        subprocess.run(["cmake", "-S", str(SOURCE), "-B", str(build), "-G", "Ninja",
                        "-DCMAKE_BUILD_TYPE=Release", "-DPLUMB_PYTHON=ON",
                        "-DPLUMB_BUILD_TESTS=OFF", "-DPLUMB_BUILD_EXAMPLES=OFF",
                        f"-DPython3_EXECUTABLE={sys.executable}"], check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "plumb_python"], check=True)
        built = next((build / "python" / "plumb").glob("_plumb.*"))
        target = pathlib.Path(self.get_ext_fullpath(extension.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    version=VERSION,
    packages=["plumb"],
    package_dir={"plumb": "python/plumb"},
    ext_modules=[Extension("plumb._plumb", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build-pip"}, "egg_info": {"egg_base": "build-pip"}},
)
