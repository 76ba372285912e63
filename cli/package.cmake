# The Debian package (`cpack -G DEB` in the build folder): boardlab_VERSION_ARCH.deb, its
# dependencies worked out by dpkg-shlibdeps from the libraries the program links.
set(CPACK_PACKAGE_NAME boardlab)
set(CPACK_PACKAGE_VENDOR boardlab)
set(CPACK_PACKAGE_CONTACT "boardlab developers <boardlab@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}: board games defined in YAML and Lua")
set(CPACK_PACKAGE_DESCRIPTION "Plays board games defined in YAML and Lua from the terminal or the browser, against people or computer players, and tests rule tweaks by self-play.")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The Python module (docs/python.md) is built for Debian's python3 and uses numpy and pandas.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3, python3-numpy, python3-pandas")
set(CPACK_STRIP_FILES ON)
include(CPack)
